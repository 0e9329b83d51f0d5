// SPEC §3: a phone is the country code plus the number, with every non-alphanumeric character other than `+` removed.
const NOT_ALPHANUMERIC_OR_PLUS = /[^A-Za-z0-9+]/g;

export function normalizePhoneNumber(countryCode: string, number: string): string {
  const cleanNumber = number.replace(NOT_ALPHANUMERIC_OR_PLUS, '');
  // Someone who types the full international number ("+1 555…") into the number box means that number,
  // not the dial code twice.
  if (cleanNumber.startsWith('+')) return cleanNumber;
  return `${countryCode}${cleanNumber}`.replace(NOT_ALPHANUMERIC_OR_PLUS, '');
}

/**
 * The Authenticator builds the username itself (`${dialCode}${number}` with the same character rule);
 * this makes the value the pool receives the clean E.164 form even when the number box held a full
 * international number as well ("+1+1555…" becomes "+1555…"). Idempotent.
 */
export function toE164Username(username: string): string {
  const clean = username.replace(NOT_ALPHANUMERIC_OR_PLUS, '');
  const lastPlus = clean.lastIndexOf('+');
  return lastPlus > 0 ? clean.slice(lastPlus) : clean;
}
