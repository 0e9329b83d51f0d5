import { create } from 'zustand';
import type { User, UserRole } from '@bullpen/contract';

// SPEC §3: the client keeps id, ticker and role of an active user, plus isUserInitialized and lastLiveContestsFetched.

export interface StoredUser {
  id: string;
  ticker: string;
  role: UserRole;
}

interface UserState {
  user: StoredUser | null;
  isUserInitialized: boolean;
  /** When the live contests were last fetched (epoch ms), so screens can tell how fresh the list is. */
  lastLiveContestsFetched: number | null;
  /** Takes the user call's answer: only an active user is kept (SPEC §4). */
  setUser: (user: User | null | undefined) => void;
  setLastLiveContestsFetched: (at: number) => void;
  clear: () => void;
}

export const useUserStore = create<UserState>((set) => ({
  user: null,
  isUserInitialized: false,
  lastLiveContestsFetched: null,
  setUser: (user) =>
    set(
      user?.status === 'active' && user.ticker
        ? { user: { id: user._id, ticker: user.ticker, role: user.role }, isUserInitialized: true }
        : { user: null, isUserInitialized: user ? user.status !== 'not-initialized' : false },
    ),
  setLastLiveContestsFetched: (at) => set({ lastLiveContestsFetched: at }),
  clear: () => set({ user: null, isUserInitialized: false, lastLiveContestsFetched: null }),
}));
