// No zod here (see api-paths.ts): paths of API.md "Results and insight".
export const RESULTS_PATHS = {
  benchmark: (id: string) => `/contest/${encodeURIComponent(id)}/benchmark`,
  livePublic: '/contest/live-public',
  completedPlayer: (id: string, userId: string) =>
    `/contest/completed/${encodeURIComponent(id)}/players/${encodeURIComponent(userId)}`,
  analytics: (id: string, userId: string) =>
    `/contest/${encodeURIComponent(id)}/analytics/${encodeURIComponent(userId)}`,
} as const;

/** The benchmark's name, as the API sends it. */
export const BENCHMARK_NAME = 'Equal-weight index of the whole universe';
