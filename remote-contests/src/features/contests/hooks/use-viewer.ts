import { useUserStore } from '@bullpen/shared';
import type { Viewer } from '../lib/contest-status';

/** The signed-in user as the contest rules see them (id and role), from the shared user store. */
export function useViewer(): Viewer {
  const id = useUserStore((state) => state.user?.id ?? null);
  const role = useUserStore((state) => state.user?.role ?? null);
  return { id, role };
}
