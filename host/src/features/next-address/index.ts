export { RedirectToAuth } from './components/redirect-to-auth';
export { useNextAddressTarget } from './hooks/use-next-address-target';
export { useRememberSignedOutAddress } from './hooks/use-remember-signed-out-address';
export { forgetAddressOfEndedSession } from './lib/ended-session';
