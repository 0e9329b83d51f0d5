export { useBenchmark, useCompletedPlayer, useLivePublic } from './api/results-api';
export { LiveNowSection, OpenToJoinSection } from './components/discovery-sections';
export { PlayerResults } from './components/player-results';
export { UnfilledOrders } from './components/unfilled-orders';
export { SkillAnalytics } from './components/skill-analytics';
export { ShareResult } from './components/share-result';
export { TeamContributions } from './components/team-contributions';
export * from './lib/results-math';
