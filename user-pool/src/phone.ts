const E164 = /^\+[1-9]\d{3,14}$/;

/** An E.164 phone number as Cognito takes it: `+`, country code, subscriber number, no spaces. */
export const isE164 = (phone: string): boolean => E164.test(phone);
