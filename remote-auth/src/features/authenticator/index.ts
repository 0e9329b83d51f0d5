export {
  BullpenAuthenticator,
  TOTP_ISSUER,
} from './components/bullpen-authenticator';
export { CONFIGURATION_ERROR_MESSAGE } from './services/configuration-error';
