import {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  type SignInOutput,
  sendUserAttributeVerificationCode,
  signIn,
  signUp,
} from 'aws-amplify/auth';
import { toE164Username } from '../phone/normalize-phone-number';
import { isNoUserPoolError, toConfigurationError } from './configuration-error';
import { isUnreachableError, toUnreachableError } from './unreachable-error';

// The widget's steps (SPEC §2 "Authentication widget screens", §4 "Sign-in flow") over aws-amplify/auth's own
// functions: each call returns the next screen. This replaces Amplify UI's Authenticator (its state machine and
// components were 124 KiB of the 335 KiB a cold /auth loaded, issue #13); the calls, and so what the user pool sees,
// are the ones the Authenticator made.

/** SPEC §2: the issuer shown by authenticator apps for the QR code of the setup screen. */
export const TOTP_ISSUER = 'Bullpen';

export const PASSWORD_CHANGED = 'Your password was changed. Sign in with your new password.';
export const ACCOUNT_CONFIRMED = 'Your account is confirmed. Sign in to continue.';

/** The contacts a user may verify: the attribute and its value. */
export type Contacts = Partial<Record<ContactAttribute, string>>;
export type ContactAttribute = 'email' | 'phone_number';

export type Route =
  | { name: 'signIn'; notice?: string }
  | { name: 'signUp' }
  | { name: 'confirmSignUp'; username: string; destination?: string }
  | { name: 'confirmSignIn'; username: string; method: 'SMS' | 'TOTP'; destination?: string }
  | { name: 'setupTotp'; username: string; secret: string; setupUri: string }
  | { name: 'forceNewPassword'; username: string }
  | { name: 'forgotPassword' }
  | { name: 'confirmResetPassword'; username: string; destination?: string }
  | { name: 'verifyContact'; contacts: Contacts }
  | { name: 'confirmContact'; attribute: ContactAttribute; destination?: string }
  | { name: 'signedIn' }
  | { name: 'unknown'; step: string };

/** Runs an Amplify call, turning a missing user pool and an unreachable one into the product's texts. */
export async function withProductErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isNoUserPoolError(error)) throw toConfigurationError(error);
    if (isUnreachableError(error)) throw toUnreachableError(error);
    throw error;
  }
}

/** SPEC §4: a signed-in user with neither contact verified is offered to verify one; anyone else is done. */
export function contactsToVerify(attributes: Record<string, string | undefined>): Contacts | null {
  const { email, phone_number, email_verified, phone_number_verified } = attributes;
  if (!email && !phone_number) return null;
  if (email_verified === 'true' || phone_number_verified === 'true') return null;
  return { ...(email ? { email } : {}), ...(phone_number ? { phone_number } : {}) };
}

async function afterSignedIn(): Promise<Route> {
  try {
    const contacts = contactsToVerify(await fetchUserAttributes());
    return contacts ? { name: 'verifyContact', contacts } : { name: 'signedIn' };
  } catch {
    // Signed in all the same: the attributes only decide whether to offer a verification.
    return { name: 'signedIn' };
  }
}

/** The `otpauth://` address an authenticator app reads from the QR code (issuer and account, as Amplify UI made it). */
export function totpSetupUri(secret: string, username: string): string {
  return encodeURI(`otpauth://totp/${TOTP_ISSUER}:${username}?secret=${secret}&issuer=${TOTP_ISSUER}`);
}

/** Where a sign-in (or a step of it) leads, from Amplify's next step. */
async function nextAfterSignIn({ nextStep }: SignInOutput, username: string): Promise<Route> {
  switch (nextStep.signInStep) {
    case 'DONE':
      return afterSignedIn();
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { name: 'forceNewPassword', username };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE': {
      const destination = nextStep.codeDeliveryDetails?.destination;
      return { name: 'confirmSignIn', username, method: 'SMS', destination };
    }
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { name: 'confirmSignIn', username, method: 'TOTP' };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const secret = nextStep.totpSetupDetails.sharedSecret;
      return { name: 'setupTotp', username, secret, setupUri: totpSetupUri(secret, username) };
    }
    case 'CONFIRM_SIGN_UP': {
      // Never confirmed: send a fresh code and ask for it (SPEC §4 "user not confirmed").
      const { destination } = await resendSignUpCode({ username });
      return { name: 'confirmSignUp', username, destination };
    }
    case 'RESET_PASSWORD': {
      const { nextStep: reset } = await resetPassword({ username });
      return { name: 'confirmResetPassword', username, destination: reset.codeDeliveryDetails?.destination };
    }
    default:
      // SPEC §2: unknown widget steps log a warning and render nothing.
      console.warn('Unhandled Authenticator route', nextStep.signInStep);
      return { name: 'unknown', step: nextStep.signInStep };
  }
}

export function signInWithPassword(phone: string, password: string): Promise<Route> {
  const username = toE164Username(phone);
  return withProductErrors(async () => nextAfterSignIn(await signIn({ username, password }), username));
}

/**
 * Answers the pending challenge of `username`'s sign-in: a code (text message, authenticator app, its setup) or a new
 * password.
 */
export function answerChallenge(username: string, challengeResponse: string): Promise<Route> {
  return withProductErrors(async () => nextAfterSignIn(await confirmSignIn({ challengeResponse }), username));
}

export function createAccount(phone: string, password: string): Promise<Route> {
  const username = toE164Username(phone);
  return withProductErrors(async () => {
    // SPEC §9: with autoSignIn, Amplify signs the new user in after the code (it gives up after 3 minutes).
    const { nextStep } = await signUp({
      username,
      password,
      options: { userAttributes: { phone_number: username }, autoSignIn: true },
    });
    switch (nextStep.signUpStep) {
      case 'CONFIRM_SIGN_UP':
        return { name: 'confirmSignUp', username, destination: nextStep.codeDeliveryDetails.destination };
      case 'COMPLETE_AUTO_SIGN_IN':
        return nextAfterSignIn(await autoSignIn(), username);
      default:
        return { name: 'signIn', notice: ACCOUNT_CONFIRMED };
    }
  });
}

export function confirmAccount(username: string, code: string): Promise<Route> {
  return withProductErrors(async () => {
    const { nextStep } = await confirmSignUp({ username, confirmationCode: code });
    if (nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') return nextAfterSignIn(await autoSignIn(), username);
    // Confirmed from the sign-in tab, or more than 3 minutes after sign-up: the user signs in by hand.
    return { name: 'signIn', notice: ACCOUNT_CONFIRMED };
  });
}

const ALREADY_CONFIRMED = 'User is already confirmed.';

/** A new sign-up code; for an account confirmed meanwhile (a link, another tab) there is nothing left to confirm. */
export function resendAccountCode(username: string): Promise<Route | null> {
  return withProductErrors(async () => {
    try {
      await resendSignUpCode({ username });
      return null;
    } catch (error) {
      if (error instanceof Error && error.message === ALREADY_CONFIRMED) {
        return { name: 'signIn', notice: ACCOUNT_CONFIRMED } as const;
      }
      throw error;
    }
  });
}

export function sendResetCode(phone: string): Promise<Route> {
  const username = toE164Username(phone);
  return withProductErrors(async () => {
    const { nextStep } = await resetPassword({ username });
    if (nextStep.resetPasswordStep === 'DONE') return { name: 'signIn', notice: PASSWORD_CHANGED };
    return { name: 'confirmResetPassword', username, destination: nextStep.codeDeliveryDetails?.destination };
  });
}

export function resetWithCode(username: string, code: string, newPassword: string): Promise<Route> {
  return withProductErrors(async () => {
    await confirmResetPassword({ username, confirmationCode: code, newPassword });
    return { name: 'signIn', notice: PASSWORD_CHANGED };
  });
}

export function sendContactCode(attribute: ContactAttribute): Promise<Route> {
  return withProductErrors(async () => {
    const { destination } = await sendUserAttributeVerificationCode({ userAttributeKey: attribute });
    return { name: 'confirmContact', attribute, destination };
  });
}

export function confirmContact(attribute: ContactAttribute, code: string): Promise<Route> {
  return withProductErrors(async () => {
    await confirmUserAttribute({ userAttributeKey: attribute, confirmationCode: code });
    return { name: 'signedIn' };
  });
}
