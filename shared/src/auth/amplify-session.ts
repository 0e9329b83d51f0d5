import { Amplify } from '@aws-amplify/core';
import { registerContextTokenOrchestrator } from '@aws-amplify/core/internals/utils';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { RuntimeConfig } from '../config/runtime-config';
import { PASSWORD_MIN_LENGTH } from './password-rules';

// The part of auth that needs Amplify, loaded on demand by configure-auth.ts (about 40 KiB that a
// signed-in page with a good stored token does not need before its first screen).
//
// SPEC §3: phone-number sign-up and verification, no OAuth or social providers, MFA off,
// passwords of at least 8 characters with no character class required. The ids come from config.json.
//
// One Amplify without sharing all of it (DESIGN §1): only @aws-amplify/core is a shared singleton (the
// global context, Hub, the token-orchestrator registry, the storage). Every app bundles just the auth functions it
// imports. The token provider is registered in core's registry, so every copy of @aws-amplify/auth, remote-auth's
// Authenticator included, writes tokens through this one orchestrator (signIn resolves it from the context), and reads
// and refreshes go through the context's provider: one token store, one refresh at a time (the provider dedupes).
// That is aws-amplify's own Amplify.configure() less the identity-pool credentials provider (no identity pool here),
// which it would otherwise bundle.

export { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';

export function configureAmplify(config: RuntimeConfig): void {
  const { userPoolId, userPoolClientId, userPoolEndpoint } = config.auth;
  const auth = {
    Cognito: {
      userPoolId,
      userPoolClientId,
      ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
      loginWith: { phone: true },
      signUpVerificationMethod: 'code' as const,
      userAttributes: { phone_number: { required: true } },
      mfa: { status: 'off' as const },
      passwordFormat: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireNumbers: false,
        requireSpecialCharacters: false,
      },
    },
  };
  cognitoUserPoolsTokenProvider.setAuthConfig(auth);
  registerContextTokenOrchestrator(cognitoUserPoolsTokenProvider, cognitoUserPoolsTokenProvider.tokenOrchestrator);
  Amplify.configure({ Auth: auth }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
}
