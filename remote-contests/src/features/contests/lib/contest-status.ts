import { type Contest, type ContestStatus, contestPhaseAt } from '@bullpen/contract';
import type { BadgeTone } from '@bullpen/shared/ui';

export const STATUS_LABEL: Record<ContestStatus, string> = {
  upcoming: 'Upcoming',
  active: 'Live',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const STATUS_TONE: Record<ContestStatus, BadgeTone> = {
  upcoming: 'success',
  active: 'live',
  completed: 'neutral',
  cancelled: 'danger',
};

/**
 * DESIGN §5: a contest's status follows the clock. A list kept from earlier (a warm visit, a refresh that failed) may
 * still say "upcoming" for a contest that has started since; this is what it is now.
 */
export function statusAt(contest: Pick<Contest, 'status' | 'startsAt' | 'endsAt'>, now = Date.now()): ContestStatus {
  if (contest.status === 'cancelled' || contest.status === 'completed') return contest.status;
  // The clock moves a status forward only: a contest the API already calls live stays live.
  const phase = contestPhaseAt(contest, now);
  return phase === 'upcoming' ? contest.status : phase;
}

export interface Viewer {
  id: string | null;
  role: 'user' | 'admin' | null;
}

/** DESIGN §5: the creator or an admin may edit or cancel, and only while upcoming. */
export function canManage(contest: Contest, viewer: Viewer): boolean {
  return contest.status === 'upcoming' && isManager(contest, viewer);
}

export function isManager(contest: Contest, viewer: Viewer): boolean {
  return viewer.role === 'admin' || (viewer.id !== null && contest.createdBy._id === viewer.id);
}

export function isFull(contest: Contest): boolean {
  return contest.participantsCount >= contest.maxParticipants;
}

/** Paths of the other screens, in one place. */
export const contestPaths = {
  detail: (id: string) => `/contest-detail/${encodeURIComponent(id)}`,
  edit: (id: string) => `/edit-contest/${encodeURIComponent(id)}`,
  confirmed: (id: string) => `/contest-confirmed/${encodeURIComponent(id)}`,
  invitation: (id: string) => `/invitation/${encodeURIComponent(id)}`,
  joinInfo: (id: string) => `/join-contest-info/${encodeURIComponent(id)}`,
  savePicks: (id: string) => `/save-picks/${encodeURIComponent(id)}`,
  editPicks: (id: string) => `/edit-picks/${encodeURIComponent(id)}`,
  confirmPicks: (id: string) => `/confirm-save-picks/${encodeURIComponent(id)}`,
  completed: (id: string) => `/contest-completed/${encodeURIComponent(id)}`,
  live: (id: string) => `/live-contest/${encodeURIComponent(id)}`,
  trading: (id: string) => `/trading/${encodeURIComponent(id)}`,
  profile: (userId: string) => `/profile?userId=${encodeURIComponent(userId)}`,
  create: '/create-contest',
  home: '/home',
  auth: '/auth',
};
