// Contest boards, the same on every screen that shows one: the live leaderboard (remote-trading) and the final
// standings (remote-contests). Pure code outside the @bullpen/shared singleton, bundled into the apps that import it;
// its reads go through the singleton's API client and SWR cache (normal imports of '@bullpen/shared'). Each component
// imports its stylesheet itself: this index is side-effect free, so a bundler drops its own imports.

export { BOARD_SORT_LABEL, type BoardSort, sortRows } from './board-sort';
export { ScoringRules } from './scoring-rules';
export { StandingsBoard } from './standings-board';
export { profileHref, StandingsTable, TeamStandingsTable } from './standings-table';
export { type StandingsPageQuery, standingsPageKey, useStandingsPage } from './standings-page';
export { type BoardView, PAGE_SIZE, splitBoard, useBoardPager } from './use-board-pager';
export { useMovement } from './use-movement';
