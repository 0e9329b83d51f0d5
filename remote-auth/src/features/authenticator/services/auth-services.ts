import type { Authenticator } from '@aws-amplify/ui-react';
import type { ComponentProps } from 'react';
import { hasStoredSession, loadAuth } from '@bullpen/shared';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signUp,
} from 'aws-amplify/auth';
import { toE164Username } from '../phone/normalize-phone-number';
import { type FormValues, type Touched, validateSignUp } from '../validation/sign-up-validation';
import { isNoUserPoolError, toConfigurationError } from './configuration-error';
import { isUnreachableError, toUnreachableError } from './unreachable-error';
import { announceWidgetDone } from './widget-done';

/** Hidden input of the sign-up form: present in the values only when they come from a submit. */
export const SUBMITTED_FIELD = '__submitted';

type Validator = (
  values: Record<string, string>,
  touched: Record<string, boolean>,
) => Promise<Record<string, string | string[]> | null>;

/**
 * Runs an Amplify call once the host's one Amplify is loaded and configured (a signed-out visitor's page is drawn
 * before it, so the form never waits for it), turning a missing user pool and an unreachable one into the product's
 * texts.
 */
async function withProductErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    await loadAuth();
    return await call();
  } catch (error) {
    if (isNoUserPoolError(error)) throw toConfigurationError(error);
    if (isUnreachableError(error)) throw toUnreachableError(error);
    throw error;
  }
}

const validateSignUpForm: Validator = async (values, touched) => {
  const errors = validateSignUp(values as FormValues, touched as Touched, values[SUBMITTED_FIELD] === '1');
  return Object.keys(errors).length > 0 ? errors : null;
};

const noFurtherErrors: Validator = async () => null;

/**
 * The Authenticator's `services`: the Amplify calls it makes, with the username always the clean E.164 phone
 * number, a missing or unreachable user pool reported with the product's texts; and SPEC §5 validation in place of the
 * Authenticator's own (whose messages and "touched" rules differ: it never judges untouched fields on submit
 * and adds 'Password is required').
 */
type AuthenticatorServices = NonNullable<ComponentProps<typeof Authenticator>['services']>;

export type AuthServiceHooks = {
  /**
   * Called when the sign-up request starts. The Authenticator's sign-up state does not tell the screen it is
   * pending until the request ends (no `sendUpdate` on entry in @aws-amplify/ui 6.15), so the screen would
   * show neither the loading text nor the disabled form; the hook lets the screen ask for a refresh.
   */
  onSignUpStarted?: () => void;
  /**
   * Called when a step succeeded that the Authenticator follows with an empty sign-in form (a password reset, a
   * confirmation started from the sign-in tab): the screen then says what happened and what to do next.
   */
  onBackToSignIn?: (message: string) => void;
};

const PASSWORD_CHANGED = 'Your password was changed. Sign in with your new password.';
const ACCOUNT_CONFIRMED = 'Your account is confirmed. Sign in to continue.';

/** Calls `after` with `message` once `request` has succeeded, and passes its result or failure through. */
const thenSay = <T>(request: Promise<T>, after: ((message: string) => void) | undefined, message: string) =>
  request.then((result) => {
    after?.(message);
    return result;
  });

/** No stored session means nobody is signed in: the Authenticator starts on its form without waiting for Amplify. */
const currentUser = () =>
  hasStoredSession() ? withProductErrors(() => getCurrentUser()) : Promise.reject(new Error('No signed-in user'));

/**
 * How long the password typed on the sign-in tab is kept to sign in once the account it found unconfirmed is
 * confirmed: as long as Amplify keeps a sign-up's credentials for its auto sign-in (SPEC §9: 3 minutes).
 */
const SIGN_IN_AFTER_CONFIRM_MS = 3 * 60 * 1000;

export const createAuthServices = ({ onSignUpStarted, onBackToSignIn }: AuthServiceHooks = {}) => {
  let unconfirmedSignIn: { username: string; password: string; at: number } | null = null;

  /**
   * After confirming the account of a sign-in that found it unconfirmed, that sign-in again with its own password:
   * the player is signed in as after a sign-up (the host sees it and moves on), not asked for the password again.
   */
  const signInAfterConfirm = async (username: string): Promise<boolean> => {
    const kept = unconfirmedSignIn;
    unconfirmedSignIn = null;
    if (!kept || kept.username !== username || Date.now() - kept.at > SIGN_IN_AFTER_CONFIRM_MS) return false;
    const result = await withProductErrors(() => signIn({ username, password: kept.password })).catch(() => null);
    if (result?.isSignedIn !== true) return false;
    // Signed in outside the widget, which has nothing more to ask: the host may take over at once.
    announceWidgetDone();
    return true;
  };

  return {
    getCurrentUser: currentUser,
    // The props name the sign-in and sign-up fields (SPEC §3) and SPEC §5 validation replaces Amplify's password rules,
    // so the form needs nothing from Amplify's configuration: it is drawn before Amplify has loaded.
    getAmplifyConfig: async () => ({
      passwordlessCapabilities: { emailOtpEnabled: false, smsOtpEnabled: false, webAuthnEnabled: false },
    }),
    handleSignIn: async (input: Parameters<typeof signIn>[0]) => {
      const username = toE164Username(input.username);
      const result = await withProductErrors(() => signIn({ ...input, username }));
      unconfirmedSignIn =
        result.nextStep.signInStep === 'CONFIRM_SIGN_UP' && input.password
          ? { username, password: input.password, at: Date.now() }
          : null;
      return result;
    },
    handleSignUp: (input: Parameters<typeof signUp>[0]) => {
      const username = toE164Username(input.username);
      const attributes = input.options?.userAttributes;
      const options = attributes?.phone_number
        ? {
            ...input.options,
            userAttributes: {
              ...attributes,
              phone_number: toE164Username(attributes.phone_number),
            },
          }
        : input.options;
      const request = withProductErrors(() => signUp({ ...input, username, options }));
      onSignUpStarted?.();
      return request;
    },
    handleConfirmSignUp: async (input: Parameters<typeof confirmSignUp>[0]) => {
      const username = toE164Username(input.username);
      const result = await withProductErrors(() => confirmSignUp({ ...input, username }));
      if (!(result.nextStep.signUpStep === 'DONE' && (await signInAfterConfirm(username)))) {
        onBackToSignIn?.(ACCOUNT_CONFIRMED);
      }
      return result;
    },
    handleResendSignUpCode: (input: Parameters<typeof resendSignUpCode>[0]) =>
      withProductErrors(() =>
        resendSignUpCode({
          ...input,
          username: toE164Username(input.username),
        }),
      ),
    handleConfirmSignIn: (input: Parameters<typeof confirmSignIn>[0]) => withProductErrors(() => confirmSignIn(input)),
    handleForgotPassword: (input: Parameters<typeof resetPassword>[0]) =>
      withProductErrors(() => resetPassword({ ...input, username: toE164Username(input.username) })),
    handleForgotPasswordSubmit: (input: Parameters<typeof confirmResetPassword>[0]) =>
      thenSay(
        withProductErrors(() => confirmResetPassword({ ...input, username: toE164Username(input.username) })),
        onBackToSignIn,
        PASSWORD_CHANGED,
      ),
    validateCustomSignUp: validateSignUpForm,
    validateFormPassword: noFurtherErrors,
    validateConfirmPassword: noFurtherErrors,
    validateRequiredFieldsForAuthMethod: noFurtherErrors,
    // Amplify's own functions are typed with an extra (server context) overload the Authenticator never uses.
  } as unknown as AuthenticatorServices;
};
