// What the build puts where the Authenticator, and this feature, import `aws-amplify/auth` (remote-auth/rspack.config.ts):
// the same functions, each loading Amplify's auth category on its first call. The sign-in form draws without it (every
// one of these calls is made on a submit, or after the form is on screen), so its 115 KB (about 24 KiB brotli: the
// Cognito client, SRP, the sign-in flows) leave the chunk that the form waits for. The widget starts loading it as soon
// as the form is drawn (`preloadAmplifyAuth`), so a visitor's first submit does not wait for it either.
//
// Every function of Amplify's auth category is asynchronous, so a call made through here behaves as the original:
// same arguments, same result or rejection, one round trip later at most. The build resolves this file's own import
// below to the real category (its alias leaves this file out).
import { hasStoredSession } from '@bullpen/shared';

type AmplifyAuth = typeof import('aws-amplify/auth');

let loading: Promise<AmplifyAuth> | null = null;

/** Amplify's auth category, loaded once; a failed load may be tried again. */
export function preloadAmplifyAuth(): Promise<AmplifyAuth> {
  loading ??= import(/* webpackChunkName: "amplify-auth" */ 'aws-amplify/auth');
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

type AsyncFunctionName = {
  [K in keyof AmplifyAuth]: AmplifyAuth[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof AmplifyAuth];

/** `name` of Amplify's auth category, called once the category has loaded. */
function deferred<K extends AsyncFunctionName>(name: K): AmplifyAuth[K] {
  const call = async (...args: unknown[]) => {
    const auth = await preloadAmplifyAuth();
    return (auth[name] as (...args: unknown[]) => Promise<unknown>)(...args);
  };
  return call as unknown as AmplifyAuth[K];
}

// What Amplify UI (the Authenticator, its hooks and account-settings helpers) and this feature import from
// `aws-amplify/auth`; test/lazy-amplify-auth.test.ts fails when an installed Amplify UI imports a name missing here.
export const associateWebAuthnCredential = deferred('associateWebAuthnCredential');
export const autoSignIn = deferred('autoSignIn');
export const confirmResetPassword = deferred('confirmResetPassword');
export const confirmSignIn = deferred('confirmSignIn');
export const confirmSignUp = deferred('confirmSignUp');
export const confirmUserAttribute = deferred('confirmUserAttribute');
export const deleteUser = deferred('deleteUser');
export const fetchUserAttributes = deferred('fetchUserAttributes');
/** Amplify answers from its token store, and with no session stored on the device the answer is known without it:
 *  the Authenticator asks this before it draws its first screen, which must not wait for the category. */
const signedInUser = deferred('getCurrentUser') as (...args: unknown[]) => ReturnType<AmplifyAuth['getCurrentUser']>;
const currentUser = (...args: unknown[]) =>
  hasStoredSession()
    ? signedInUser(...args)
    : Promise.reject(
        Object.assign(new Error('User needs to be authenticated to call this API.'), {
          name: 'UserUnAuthenticatedException',
        }),
      );
export const getCurrentUser = currentUser as AmplifyAuth['getCurrentUser'];
export const listWebAuthnCredentials = deferred('listWebAuthnCredentials');
export const resendSignUpCode = deferred('resendSignUpCode');
export const resetPassword = deferred('resetPassword');
export const sendUserAttributeVerificationCode = deferred('sendUserAttributeVerificationCode');
export const signIn = deferred('signIn');
export const signInWithRedirect = deferred('signInWithRedirect');
export const signOut = deferred('signOut');
export const signUp = deferred('signUp');
export const updatePassword = deferred('updatePassword');
