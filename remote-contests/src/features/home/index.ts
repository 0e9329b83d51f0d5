export { CompletedSection, CreateContestCallToAction, LiveSection, UpcomingSection } from './components/home-sections';
export { StaleNotice } from './components/stale-notice';
export { useRememberLiveFetch } from './hooks/use-remember-live-fetch';
