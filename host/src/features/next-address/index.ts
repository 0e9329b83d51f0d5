export { clearNextAddress, NEXT_KEY, peekNextPath, sameOriginPath, saveNextAddress } from './api/next-address';
export { RedirectToAuth } from './components/redirect-to-auth';
export { useNextAddressTarget } from './hooks/use-next-address-target';
