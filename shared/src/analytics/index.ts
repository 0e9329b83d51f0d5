// A player's skill figures (API.md "Results that measure skill"), the same on the live screen (remote-trading) and on
// the results (remote-contests). Pure code outside the @bullpen/shared singleton, like the boards: its read goes
// through the singleton's API client and SWR cache. Each component imports its stylesheet itself.

export { AnalyticsFigures, AnalyticsPanel, SectorExposure } from './analytics-panel';
export { ANALYTICS_TIPS, NEEDS_TRADING_DAY } from './analytics-figures';
export { analyticsKey, useAnalytics } from './use-analytics';
