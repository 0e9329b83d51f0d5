import fc from 'fast-check';
import { normalizePhoneNumber, toE164Username } from './normalize-phone-number';

describe('normalizePhoneNumber', () => {
  it('joins the country code and the number, keeping only letters, digits and +', () => {
    expect(normalizePhoneNumber('+1', '(555) 555-0123')).toBe('+15555550123');
    expect(normalizePhoneNumber('+44', ' 20 7946.0958 ')).toBe('+442079460958');
  });

  it('takes a full international number typed into the number box as it is', () => {
    expect(normalizePhoneNumber('+44', '+1 555 555 0123')).toBe('+15555550123');
  });
});

describe('toE164Username', () => {
  it('is what the Authenticator builds, cleaned, with a doubled country code resolved to the typed number', () => {
    expect(toE164Username('+1(555) 555-0123')).toBe('+15555550123');
    expect(toE164Username('+1+15555550123')).toBe('+15555550123');
    expect(toE164Username('+15555550123')).toBe('+15555550123');
  });

  it('is idempotent and leaves at most one leading +', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = toE164Username(raw);
        expect(toE164Username(once)).toBe(once);
        expect(once).toMatch(/^\+?[A-Za-z0-9]*$/);
      }),
    );
  });
});
