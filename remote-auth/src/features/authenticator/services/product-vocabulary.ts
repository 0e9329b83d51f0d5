import { I18n } from 'aws-amplify/utils';

// The user pool's messages name things Bullpen does not have (usernames, client ids) or say what went wrong without
// saying what to do. The Authenticator passes every message it shows through Amplify's I18n, so the product's words are
// its English vocabulary. The texts SPEC §8 gives ('There is already a signed in user.', 'User is already confirmed.',
// the configuration error…) are not in it and stay as they are.
const NO_ACCOUNT = 'No account uses this phone number. Check the number, or create an account.';
const WRONG_PASSWORD = 'Incorrect phone number or password.';
const ACCOUNT_EXISTS = 'An account with this phone number already exists. Sign in instead.';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Wait a few minutes, then try again.';

const productVocabulary: Record<string, string> = {
  'Incorrect username or password.': WRONG_PASSWORD,
  'User does not exist.': NO_ACCOUNT,
  'Username/client id combination not found.': NO_ACCOUNT,
  'User already exists': ACCOUNT_EXISTS,
  'An account with the given phone_number already exists.': ACCOUNT_EXISTS,
  'Password attempts exceeded': TOO_MANY_ATTEMPTS,
  'Attempt limit exceeded, please try after some time.': TOO_MANY_ATTEMPTS,
  'Rate exceeded': TOO_MANY_ATTEMPTS,
  'Too many requests': TOO_MANY_ATTEMPTS,
  'Invalid code provided, please request a code again.': 'This code has expired. Ask for a new one.',
  'Invalid verification code provided, please try again.': 'That code is not right. Check it and try again.',
};

let applied = false;

/** Puts the product's words in Amplify's English vocabulary and speaks English whatever the browser's language. */
export function applyProductVocabulary(): void {
  if (applied) return;
  applied = true;
  I18n.putVocabulariesForLanguage('en', productVocabulary);
  I18n.setLanguage('en');
}
