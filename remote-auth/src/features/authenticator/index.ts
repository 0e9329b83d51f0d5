export { BullpenAuthenticator } from './components/bullpen-authenticator';
