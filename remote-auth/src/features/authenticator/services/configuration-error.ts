// SPEC §8: a missing user pool shows this text (with an en dash) instead of Amplify's own message.
export const CONFIGURATION_ERROR_MESSAGE = 'Configuration error (see console) – please contact the administrator';

/** Amplify names the error it throws when `Amplify.configure` had no user pool. */
const AMPLIFY_NO_USER_POOL = 'AuthUserPoolException';
/** The Authenticator turns an error of this name into CONFIGURATION_ERROR_MESSAGE (its `setRemoteError`). */
const AUTHENTICATOR_NO_USER_POOL = 'NoUserPoolError';

export function isNoUserPoolError(error: unknown): boolean {
  return error instanceof Error && (error.name === AMPLIFY_NO_USER_POOL || error.name === AUTHENTICATOR_NO_USER_POOL);
}

export function toConfigurationError(error: unknown): Error {
  console.error(
    'Sign-in is not configured: Amplify has no Cognito user pool (config.json auth.userPoolId / userPoolClientId).',
    error,
  );
  const configurationError = new Error(CONFIGURATION_ERROR_MESSAGE);
  configurationError.name = AUTHENTICATOR_NO_USER_POOL;
  return configurationError;
}
