import { confirmResetPassword, confirmSignUp, resetPassword, signIn, signUp } from 'aws-amplify/auth';
import { latestCode, newPhone, PASSWORD, registeredUser, useTestPool } from './helpers';

const pool = useTestPool();

const attemptLimit = 'Attempt limit exceeded, please try after some time.';

test('five wrong passwords block sign-in for fifteen minutes from where the owner never signed in, even with the right password', async () => {
  const phone = await registeredUser(pool.url);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await expect(signIn({ username: phone, password: `wrong password ${attempt}` })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  }
  await expect(signIn({ username: phone, password: PASSWORD })).rejects.toMatchObject({
    name: 'TooManyRequestsException',
    message: attemptLimit,
  });
  pool.clock.offsetMs = 15 * 60 * 1000 + 1000;
  expect((await signIn({ username: phone, password: PASSWORD })).isSignedIn).toBe(true);
});

test('five wrong codes block confirming, even with the right code', async () => {
  const phone = newPhone();
  await signUp({ username: phone, password: PASSWORD, options: { userAttributes: { phone_number: phone } } });
  const code = await latestCode(pool.url, phone, 'sign-up');
  const wrong = code === '000000' ? '111111' : '000000';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await expect(confirmSignUp({ username: phone, confirmationCode: wrong })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
  }
  await expect(confirmSignUp({ username: phone, confirmationCode: code })).rejects.toMatchObject({
    name: 'LimitExceededException',
    message: attemptLimit,
  });
  pool.clock.offsetMs = 15 * 60 * 1000 + 1000;
  expect((await confirmSignUp({ username: phone, confirmationCode: code })).isSignUpComplete).toBe(true);
});

test('failed reset codes count too', async () => {
  const phone = await registeredUser(pool.url);
  await resetPassword({ username: phone });
  const code = await latestCode(pool.url, phone, 'forgot-password');
  const wrong = code === '000000' ? '111111' : '000000';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await expect(
      confirmResetPassword({ username: phone, confirmationCode: wrong, newPassword: 'battery staple' }),
    ).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
  }
  await expect(
    confirmResetPassword({ username: phone, confirmationCode: code, newPassword: 'battery staple' }),
  ).rejects.toMatchObject({
    name: 'LimitExceededException',
  });
});
