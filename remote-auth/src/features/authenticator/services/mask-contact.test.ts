import { maskEmail, maskedContact, maskPhone } from './mask-contact';

describe('SPEC §2: the verify screen masks contacts', () => {
  it('keeps the first and last character of an email local part, and its domain', () => {
    expect(maskEmail('alice.smith@example.com')).toBe('a*********h@example.com');
    expect(maskEmail('ab@example.com')).toBe('ab@example.com');
    expect(maskedContact('email', 'bob@example.org')).toBe('Email: b*b@example.org');
  });

  it('keeps the last 4 characters of a phone number', () => {
    expect(maskPhone('+15555550123')).toBe('********0123');
    expect(maskPhone('123')).toBe('123');
    expect(maskedContact('phone_number', '+447700900123')).toBe('Phone Number: *********0123');
  });
});
