import {
  confirmResetPassword,
  confirmUserAttribute,
  fetchUserAttributes,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signOut,
  updatePassword,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { callPool, latestCode, newPhone, PASSWORD, POOL_ID, registeredUser, useTestPool } from './helpers';

const pool = useTestPool();

const NEW_PASSWORD = 'battery staple';

test('forgot password end to end: code by SMS, new password, the old one stops working', async () => {
  const phone = await registeredUser(pool.url);
  const started = await resetPassword({ username: phone });
  expect(started.nextStep).toMatchObject({
    resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
    codeDeliveryDetails: {
      deliveryMedium: 'SMS',
      attributeName: 'phone_number',
      destination: `+*******${phone.slice(-4)}`,
    },
  });
  const code = await latestCode(pool.url, phone, 'forgot-password');
  await expect(
    confirmResetPassword({ username: phone, confirmationCode: code, newPassword: 'short' }),
  ).rejects.toMatchObject({
    name: 'InvalidPasswordException',
  });
  // The weak password did not use the code up.
  await confirmResetPassword({ username: phone, confirmationCode: code, newPassword: NEW_PASSWORD });
  await expect(signIn({ username: phone, password: PASSWORD })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
  });
  expect((await signIn({ username: phone, password: NEW_PASSWORD })).isSignedIn).toBe(true);
  // A code works once.
  await signOut();
  await expect(
    confirmResetPassword({ username: phone, confirmationCode: code, newPassword: PASSWORD }),
  ).rejects.toMatchObject({
    name: 'CodeMismatchException',
  });
});

test('a reset code expires after an hour', async () => {
  const phone = await registeredUser(pool.url);
  await resetPassword({ username: phone });
  const code = await latestCode(pool.url, phone, 'forgot-password');
  pool.clock.offsetMs = 60 * 60 * 1000 + 1000;
  await expect(
    confirmResetPassword({ username: phone, confirmationCode: code, newPassword: NEW_PASSWORD }),
  ).rejects.toMatchObject({
    name: 'ExpiredCodeException',
    message: 'Invalid code provided, please request a code again.',
  });
});

test('forgot password for an unknown user is UserNotFoundException', async () => {
  await expect(resetPassword({ username: newPhone() })).rejects.toMatchObject({
    name: 'UserNotFoundException',
    message: 'Username/client id combination not found.',
  });
});

test('changing the password needs the current one', async () => {
  const phone = await registeredUser(pool.url);
  await signIn({ username: phone, password: PASSWORD });
  await expect(updatePassword({ oldPassword: 'not it at all', newPassword: NEW_PASSWORD })).rejects.toMatchObject({
    name: 'NotAuthorizedException',
    message: 'Incorrect username or password.',
  });
  await updatePassword({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD });
  await signOut();
  expect((await signIn({ username: phone, password: NEW_PASSWORD })).isSignedIn).toBe(true);
});

test('verify attribute: an unverified phone gets a code and becomes verified', async () => {
  const phone = newPhone();
  const created = await callPool(pool.url, 'AdminCreateUser', {
    UserPoolId: POOL_ID,
    Username: phone,
    TemporaryPassword: 'temporary1',
    UserAttributes: [{ Name: 'phone_number', Value: phone }],
    MessageAction: 'SUPPRESS',
  });
  expect(created.status).toBe(200);
  await callPool(pool.url, 'AdminSetUserPassword', {
    UserPoolId: POOL_ID,
    Username: phone,
    Password: PASSWORD,
    Permanent: true,
  });
  await signIn({ username: phone, password: PASSWORD });
  expect((await fetchUserAttributes()).phone_number_verified).toBeUndefined();

  const sent = await sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' });
  expect(sent).toMatchObject({ deliveryMedium: 'SMS', attributeName: 'phone_number' });
  const code = await latestCode(pool.url, phone, 'verify-phone_number');
  await expect(
    confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: '99999x' }),
  ).rejects.toMatchObject({
    name: 'CodeMismatchException',
  });
  await confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code });
  expect((await fetchUserAttributes()).phone_number_verified).toBe('true');
});

test('changing the phone number makes it unverified and sends a code to the new number', async () => {
  const phone = await registeredUser(pool.url);
  await signIn({ username: phone, password: PASSWORD });
  const other = newPhone();
  const result = await updateUserAttributes({ userAttributes: { phone_number: other, name: 'Ada' } });
  expect(result.phone_number?.nextStep).toMatchObject({
    updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE',
    codeDeliveryDetails: { destination: `+*******${other.slice(-4)}` },
  });
  expect(result.name?.isUpdated).toBe(true);
  expect(await fetchUserAttributes()).toMatchObject({
    phone_number: other,
    phone_number_verified: 'false',
    name: 'Ada',
  });
  await confirmUserAttribute({
    userAttributeKey: 'phone_number',
    confirmationCode: await latestCode(pool.url, other, 'verify-phone_number'),
  });
  expect((await fetchUserAttributes()).phone_number_verified).toBe('true');
});

test('after an admin reset, sign-in asks for a password reset and the outbox code sets a new one', async () => {
  const phone = await registeredUser(pool.url);
  expect((await callPool(pool.url, 'AdminResetUserPassword', { UserPoolId: POOL_ID, Username: phone })).status).toBe(
    200,
  );
  expect(await signIn({ username: phone, password: PASSWORD })).toEqual({
    isSignedIn: false,
    nextStep: { signInStep: 'RESET_PASSWORD' },
  });
  const code = await latestCode(pool.url, phone, 'forgot-password');
  await confirmResetPassword({ username: phone, confirmationCode: code, newPassword: NEW_PASSWORD });
  expect((await signIn({ username: phone, password: NEW_PASSWORD })).isSignedIn).toBe(true);
});
