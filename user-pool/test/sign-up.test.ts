import { confirmSignUp, resendSignUpCode, signIn, signUp } from 'aws-amplify/auth';
import { callPool, CLIENT_ID, latestCode, newPhone, outbox, PASSWORD, startTestPool, useTestPool } from './helpers';

const pool = useTestPool();

const signUpPhone = (phone: string, password = PASSWORD) =>
  signUp({ username: phone, password, options: { userAttributes: { phone_number: phone } } });

test('the code is printed to the log and listed in the outbox, newest first', async () => {
  const lines: string[] = [];
  const logged = await startTestPool({ log: (line) => lines.push(line) });
  try {
    const phone = newPhone();
    await signUpPhone(phone);
    await resendSignUpCode({ username: phone });
    const entries = await outbox(logged.url, phone);
    expect(entries).toHaveLength(2);
    expect(entries.map((entry) => entry.purpose)).toEqual(['sign-up', 'sign-up']);
    expect(Date.parse(entries[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(entries[1]!.createdAt));
    expect(lines).toEqual(entries.reverse().map((entry) => `[user-pool] code for ${phone}: ${entry.code} (sign-up)`));
  } finally {
    await logged.stop();
    const { configureAmplify } = await import('./helpers');
    configureAmplify(pool.url);
  }
});

test('a wrong code is CodeMismatchException and leaves the user unconfirmed', async () => {
  const phone = newPhone();
  await signUpPhone(phone);
  const code = await latestCode(pool.url, phone, 'sign-up');
  const wrong = code === '000000' ? '111111' : '000000';
  await expect(confirmSignUp({ username: phone, confirmationCode: wrong })).rejects.toMatchObject({
    name: 'CodeMismatchException',
    message: 'Invalid verification code provided, please try again.',
  });
  expect((await signIn({ username: phone, password: PASSWORD })).nextStep.signInStep).toBe('CONFIRM_SIGN_UP');
  await confirmSignUp({ username: phone, confirmationCode: code });
  expect((await signIn({ username: phone, password: PASSWORD })).isSignedIn).toBe(true);
});

test('a sign-up code expires after 24 hours: ExpiredCodeException, and a resent code works', async () => {
  const phone = newPhone();
  await signUpPhone(phone);
  const code = await latestCode(pool.url, phone, 'sign-up');
  pool.clock.offsetMs = 24 * 60 * 60 * 1000 + 1000;
  await expect(confirmSignUp({ username: phone, confirmationCode: code })).rejects.toMatchObject({
    name: 'ExpiredCodeException',
    message: 'Invalid code provided, please request a code again.',
  });
  const resent = await resendSignUpCode({ username: phone });
  expect(resent).toMatchObject({
    deliveryMedium: 'SMS',
    attributeName: 'phone_number',
    destination: `+*******${phone.slice(-4)}`,
  });
  const fresh = await latestCode(pool.url, phone, 'sign-up');
  await confirmSignUp({ username: phone, confirmationCode: fresh });
  pool.clock.offsetMs = 0;
  expect((await signIn({ username: phone, password: PASSWORD })).isSignedIn).toBe(true);
});

test('a sign-up code still works just before 24 hours', async () => {
  const phone = newPhone();
  await signUpPhone(phone);
  pool.clock.offsetMs = 24 * 60 * 60 * 1000 - 60_000;
  const result = await confirmSignUp({
    username: phone,
    confirmationCode: await latestCode(pool.url, phone, 'sign-up'),
  });
  expect(result.isSignUpComplete).toBe(true);
});

test('resending replaces the previous code', async () => {
  const phone = newPhone();
  await signUpPhone(phone);
  const first = await latestCode(pool.url, phone, 'sign-up');
  await resendSignUpCode({ username: phone });
  const second = await latestCode(pool.url, phone, 'sign-up');
  if (first !== second) {
    await expect(confirmSignUp({ username: phone, confirmationCode: first })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
  }
  expect((await confirmSignUp({ username: phone, confirmationCode: second })).isSignUpComplete).toBe(true);
});

test("Cognito's errors for a taken username, a short password, unknown users and confirmed users", async () => {
  const phone = newPhone();
  await expect(signUpPhone(phone, 'seven77')).rejects.toMatchObject({
    name: 'InvalidPasswordException',
    message: 'Password did not conform with policy: Password not long enough',
  });
  // Eight characters of one class are enough: the policy has no character classes.
  await signUpPhone(phone, 'aaaaaaaa');
  await expect(signUpPhone(phone)).rejects.toMatchObject({
    name: 'UsernameExistsException',
    message: 'User already exists',
  });

  const stranger = newPhone();
  const notFound = { name: 'UserNotFoundException', message: 'Username/client id combination not found.' };
  await expect(resendSignUpCode({ username: stranger })).rejects.toMatchObject(notFound);
  await expect(confirmSignUp({ username: stranger, confirmationCode: '123456' })).rejects.toMatchObject(notFound);

  await confirmSignUp({ username: phone, confirmationCode: await latestCode(pool.url, phone, 'sign-up') });
  await expect(confirmSignUp({ username: phone, confirmationCode: '123456' })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
    message: 'User cannot be confirmed. Current status is CONFIRMED',
  });
  await expect(resendSignUpCode({ username: phone })).rejects.toMatchObject({
    name: 'InvalidParameterException',
    message: 'User is already confirmed.',
  });
});

test('a phone number that is not E.164 is refused', async () => {
  const response = await callPool(pool.url, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: 'someone',
    Password: PASSWORD,
    UserAttributes: [{ Name: 'phone_number', Value: '555-0123' }],
  });
  expect(response.body).toEqual({ __type: 'InvalidParameterException', message: 'Invalid phone number format.' });
});

test('an unknown client id is ResourceNotFoundException', async () => {
  const response = await callPool(pool.url, 'SignUp', { ClientId: 'nope', Username: newPhone(), Password: PASSWORD });
  expect(response.status).toBe(400);
  expect(response.body.__type).toBe('ResourceNotFoundException');
});
