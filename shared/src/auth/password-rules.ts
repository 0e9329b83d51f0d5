/** SPEC §3: passwords of at least 8 characters, no character class required. */
export const PASSWORD_MIN_LENGTH = 8;
