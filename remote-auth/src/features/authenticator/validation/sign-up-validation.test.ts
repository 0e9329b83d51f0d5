import {
  validateConfirmPassword,
  validateEmail,
  validatePassword,
  validateRequired,
  validateSignUp,
} from './sign-up-validation';

describe('SPEC §5 sign-up rules', () => {
  it('password: at least 8 characters, judged once touched or submitted', () => {
    expect(validatePassword({ password: 'short' }, {})).toEqual({});
    expect(validatePassword({ password: 'short' }, { password: true })).toEqual({
      password: ['Password must have at least 8 characters'],
    });
    expect(validatePassword({ password: '' }, {}, true)).toEqual({
      password: ['Password must have at least 8 characters'],
    });
    expect(validatePassword({ password: '        ' }, { password: true })).toEqual({}); // no character class required
  });

  it('confirm password: differ and (both touched, or both at least 6 characters)', () => {
    const msg = { confirm_password: 'Your passwords must match' };
    expect(validateConfirmPassword({ password: 'abcde', confirm_password: 'abcdx' }, {})).toEqual({});
    expect(validateConfirmPassword({ password: 'abcdef', confirm_password: 'abcdex' }, {})).toEqual(msg);
    expect(validateConfirmPassword({ password: 'abcdefgh', confirm_password: 'abcde' }, {})).toEqual({});
    expect(validateConfirmPassword({ password: 'ab', confirm_password: 'ac' }, { password: true })).toEqual({});
    expect(
      validateConfirmPassword({ password: 'ab', confirm_password: 'ac' }, { password: true, confirm_password: true }),
    ).toEqual(msg);
    expect(
      validateConfirmPassword(
        { password: 'abcdefgh', confirm_password: 'abcdefgh' },
        { password: true, confirm_password: true },
      ),
    ).toEqual({});
  });

  it('required fields are judged trimmed, passwords untrimmed', () => {
    expect(validateRequired({ phone_number: '  ' }, { phone_number: true }, ['phone_number'])).toEqual({
      phone_number: 'This field is required',
    });
    expect(validateRequired({ phone_number: '  ' }, {}, ['phone_number'])).toEqual({});
    expect(validateRequired({}, {}, ['phone_number'], true)).toEqual({
      phone_number: 'This field is required',
    });
    expect(validateRequired({ password: '  ' }, { password: true }, ['password'])).toEqual({});
  });

  it('email: a valid address when one is given', () => {
    expect(validateEmail({ email: 'nope' }, { email: true })).toEqual({
      email: 'Please enter a valid email',
    });
    expect(validateEmail({ email: ' ann@example.com ' }, { email: true })).toEqual({});
    expect(validateEmail({ email: 'nope' }, {})).toEqual({});
    expect(validateEmail({}, {}, true)).toEqual({});
  });

  it('merges every rule', () => {
    expect(validateSignUp({ phone_number: '', password: 'abc', confirm_password: '' }, {}, true)).toEqual({
      phone_number: 'This field is required',
      password: ['Password must have at least 8 characters'],
      confirm_password: 'Your passwords must match',
    });
  });
});
