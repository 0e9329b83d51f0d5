import { apiPost, CURRENT_USER_KEY, invalidate, useApiPost, useUserStore } from '@bullpen/shared';
import { API_PATHS, type EditProfileBody, type UserProfileResponse, type UserResponse } from '@bullpen/contract';
import { mutate } from 'swr';

const profileKey = (userId: string) => [API_PATHS.getUserProfile, { userId }] as const;

export function useUserProfile(userId: string | null) {
  return useApiPost(userId ? API_PATHS.getUserProfile : null, { userId: userId ?? '' });
}

/** Saves the caller's profile; the new call sign then shows everywhere at once: the store, the current user,
 *  this profile, and every contest list or board that names players by call sign. */
export async function editProfile(body: EditProfileBody): Promise<UserProfileResponse> {
  const response = await apiPost(API_PATHS.editProfile, body);
  const { userProfile } = response;
  const store = useUserStore.getState();
  if (store.user) {
    store.setUser({ status: 'active', _id: store.user.id, ticker: userProfile.ticker, role: store.user.role });
  }
  await mutate<UserResponse>(
    CURRENT_USER_KEY,
    (current) => (current ? { user: { ...current.user, ticker: userProfile.ticker } } : current),
    { revalidate: false },
  );
  await mutate(profileKey(userProfile.userId), response, { revalidate: false });
  void invalidate('/contest');
  return response;
}
