import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '../config/runtime-config';

// SPEC §3: phone-number sign-up and verification, no OAuth or social providers, MFA off,
// passwords of at least 8 characters with no character class required. The ids come from config.json.
// In the composed app only the host calls this; a remote running standalone calls it for itself.

export const PASSWORD_MIN_LENGTH = 8;

export function isUserPoolConfigured(config: RuntimeConfig | null): boolean {
  return Boolean(config?.auth?.userPoolId && config.auth.userPoolClientId);
}

export function configureAuth(config: RuntimeConfig): void {
  if (!isUserPoolConfigured(config)) return;
  const { userPoolId, userPoolClientId, userPoolEndpoint } = config.auth;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
        loginWith: { phone: true },
        signUpVerificationMethod: 'code',
        userAttributes: { phone_number: { required: true } },
        mfa: { status: 'off' },
        passwordFormat: {
          minLength: PASSWORD_MIN_LENGTH,
          requireLowercase: false,
          requireUppercase: false,
          requireNumbers: false,
          requireSpecialCharacters: false,
        },
      },
    },
  });
}
