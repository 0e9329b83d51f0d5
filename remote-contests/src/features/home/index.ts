export { CompletedSection, CreateContestCallToAction, LiveSection, UpcomingSection } from './components/home-sections';
export { useRememberLiveFetch } from './hooks/use-remember-live-fetch';
