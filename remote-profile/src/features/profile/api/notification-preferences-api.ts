import { apiPost, useApiGet } from '@bullpen/shared';
import { API_PATHS, type NotificationPreferences, type NotificationPreferencesBody } from '@bullpen/contract';
import { mutate } from 'swr';

export function useNotificationPreferences() {
  return useApiGet(API_PATHS.notificationPreferences);
}

/** Saves the changed kinds (and the time zone); the answer is the whole of the preferences, kept as the read's data. */
export async function saveNotificationPreferences(body: NotificationPreferencesBody): Promise<NotificationPreferences> {
  const saved = await apiPost(API_PATHS.notificationPreferences, body);
  await mutate(API_PATHS.notificationPreferences, saved, { revalidate: false });
  return saved;
}
