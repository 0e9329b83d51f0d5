export { BullpenAuthenticator } from './components/bullpen-authenticator';
export { AUTH_WIDGET_CHANNEL, AUTH_WIDGET_DONE } from './components/signed-in-note';
export { CONFIGURATION_ERROR_MESSAGE } from './services/configuration-error';
