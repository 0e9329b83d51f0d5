export { NEXT_KEY, sameOriginPath, saveNextAddress, takeNextPath } from './api/next-address';
export { RedirectToAuth } from './components/redirect-to-auth';
export { useFollowNextAddress } from './hooks/use-follow-next-address';
