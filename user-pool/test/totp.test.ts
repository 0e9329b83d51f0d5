import { base32Decode, base32Encode, createTotpSecret, totpCode, verifyTotp } from '../src/totp';

// RFC 6238 appendix B, SHA-1 secret "12345678901234567890"; the 8-digit values' last 6 digits.
const secret = base32Encode(Buffer.from('12345678901234567890'));

test.each([
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
])('the RFC 6238 vector at %i s', (seconds, code) => {
  expect(totpCode(secret, seconds * 1000)).toBe(code);
});

test('one step of drift either way is accepted, two are not', () => {
  const now = 1_700_000_000_000;
  const code = totpCode(secret, now);
  expect(verifyTotp(secret, code, now + 30_000)).toBe(true);
  expect(verifyTotp(secret, code, now - 30_000)).toBe(true);
  expect(verifyTotp(secret, code, now + 60_000)).toBe(false);
});

test('base32 round-trips and secrets are 160 bits', () => {
  const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253]);
  expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  expect(base32Decode(createTotpSecret())).toHaveLength(20);
});
