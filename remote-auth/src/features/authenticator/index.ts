export {
  BullpenAuthenticator,
  TOTP_ISSUER,
} from './components/bullpen-authenticator';
export { CONFIGURATION_ERROR_MESSAGE } from './services/configuration-error';
export { AUTH_WIDGET_CHANNEL, AUTH_WIDGET_DONE } from './components/signed-in-note';
