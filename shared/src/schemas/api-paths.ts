// No zod here: the shared client imports this file alone, so the federated @bullpen/shared singleton that every
// page loads carries no schema library (a page that validates a form loads zod with that form).
/** API paths of SPEC §7 and API.md, so no caller spells one by hand. */
export const API_PATHS = {
  getEquities: '/equity/get-equities',
  createContest: '/contest/create-contest',
  editContest: '/contest/edit-contest',
  getContest: '/contest/get-contest',
  upcomingContests: '/contest/upcoming',
  completedContests: '/contest/completed',
  completedContest: (id: string) => `/contest/completed/${encodeURIComponent(id)}`,
  activeContests: '/contest/active',
  activeContest: (id: string) => `/contest/active/${encodeURIComponent(id)}`,
  portfolioHistory: (id: string) => `/contest/active/${encodeURIComponent(id)}/portfolio-history`,
  contestEvents: (id: string) => `/contest/active/${encodeURIComponent(id)}/events`,
  /** One page of a live or completed board (API.md "Bounded boards"); `around: 'me'` centres it on the caller. */
  contestStandings: (id: string, page: { offset?: number; limit?: number; around?: 'me' } = {}) => {
    const query = new URLSearchParams();
    if (page.offset !== undefined) query.set('offset', String(page.offset));
    if (page.limit !== undefined) query.set('limit', String(page.limit));
    if (page.around) query.set('around', page.around);
    const text = query.toString();
    return `/contest/${encodeURIComponent(id)}/standings${text ? `?${text}` : ''}`;
  },
  joinContest: '/contest/join-contest',
  changePicks: '/contest/change-picks',
  leaveContest: '/contest/leave-contest',
  cancelContest: '/contest/cancel-contest',
  trading: '/contest/trading',
  contestUser: (id: string) => `/contest-user/${encodeURIComponent(id)}`,
  getUser: '/user/get-user',
  initializeUser: '/user/initialize-user',
  getUserProfile: '/user-profile/get-user-profile',
  editProfile: '/user-profile/edit-profile',
  equityHistory: (symbol: string) => `/equity/${encodeURIComponent(symbol)}/history`,
  health: '/health',
} as const;
