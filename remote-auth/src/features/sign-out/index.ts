export { SignOutButton } from './components/sign-out-button';
export {
  signOutEverywhere,
  type SignOutOutcome,
} from './api/sign-out-everywhere';
