import { apiPost, CURRENT_USER_KEY, useUserStore } from '@bullpen/shared';
import { API_PATHS, type InitializeUserBody, type UserResponse } from '@bullpen/contract';
import { mutate } from 'swr';

/** SPEC §3: the call sign is sent as `ticker` too. The answer is the active user: it goes straight into the
 *  current-user cache and the store, so the host's gate lets the user through without another call. */
export async function initializeUser(body: InitializeUserBody): Promise<UserResponse> {
  const response = await apiPost(API_PATHS.initializeUser, body);
  useUserStore.getState().setUser(response.user);
  await mutate(CURRENT_USER_KEY, response, { revalidate: false });
  return response;
}
