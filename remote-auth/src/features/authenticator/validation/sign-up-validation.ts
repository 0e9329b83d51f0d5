// SPEC §5 validation rules for the sign-up form, as pure functions the Authenticator's validation services call.
const PASSWORD_MIN_LENGTH = 8;
/** SPEC §9: the confirm-password mismatch shows early once both values reach this length. */
const CONFIRM_MATCH_THRESHOLD = 6;

export const messages = {
  passwordTooShort: (minLength: number) => `Password must have at least ${minLength} characters`,
  passwordsMustMatch: 'Your passwords must match',
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email',
} as const;

export type FormValues = Record<string, string | undefined>;
export type Touched = Record<string, boolean | undefined>;
export type FieldErrors = Record<string, string | string[]>;

// The same shape of address the Authenticator accepts elsewhere: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isValidEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** A field counts as touched once blurred, and every field counts once the form has been submitted. */
function isTouched(name: string, touched: Touched, submitted: boolean): boolean {
  return submitted || touched[name] === true;
}

export function validatePassword(values: FormValues, touched: Touched, submitted = false): FieldErrors {
  const password = values.password ?? '';
  if (!isTouched('password', touched, submitted)) return {};
  return password.length < PASSWORD_MIN_LENGTH ? { password: [messages.passwordTooShort(PASSWORD_MIN_LENGTH)] } : {};
}

export function validateConfirmPassword(values: FormValues, touched: Touched, submitted = false): FieldErrors {
  const password = values.password ?? '';
  const confirm = values.confirm_password ?? '';
  if (password === confirm) return {};
  // On submit the Authenticator trims every value but `password`, the confirmation included; its untrimmed
  // copy was already compared on every keystroke, so compare like with like here.
  if (submitted && password.trim() === confirm) return {};
  const bothTouched = isTouched('password', touched, submitted) && isTouched('confirm_password', touched, submitted);
  const bothLongEnough = password.length >= CONFIRM_MATCH_THRESHOLD && confirm.length >= CONFIRM_MATCH_THRESHOLD;
  return bothTouched || bothLongEnough ? { confirm_password: messages.passwordsMustMatch } : {};
}

/** Required fields are checked on their trimmed value; passwords are never trimmed but still must not be empty. */
export function validateRequired(
  values: FormValues,
  touched: Touched,
  names: readonly string[],
  submitted = false,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const name of names) {
    const raw = values[name] ?? '';
    const value = name === 'password' || name === 'confirm_password' ? raw : raw.trim();
    if (value === '' && isTouched(name, touched, submitted)) errors[name] = messages.required;
  }
  return errors;
}

export function validateEmail(values: FormValues, touched: Touched, submitted = false): FieldErrors {
  if (values.email === undefined || !isTouched('email', touched, submitted)) return {};
  const email = values.email.trim();
  if (email === '') return {};
  return isValidEmail(email) ? {} : { email: messages.invalidEmail };
}

/** Fields the product's sign-up form requires (SPEC §3: phone number sign-up). */
const REQUIRED_SIGN_UP_FIELDS = ['phone_number'] as const;

/**
 * Every rule of SPEC §5 that applies to sign-up, merged. `submitted` is true when the values come from a
 * submit, so untouched fields are judged too.
 */
export function validateSignUp(values: FormValues, touched: Touched, submitted = false): FieldErrors {
  return {
    ...validateRequired(values, touched, REQUIRED_SIGN_UP_FIELDS, submitted),
    ...validateEmail(values, touched, submitted),
    ...validatePassword(values, touched, submitted),
    ...validateConfirmPassword(values, touched, submitted),
  };
}
