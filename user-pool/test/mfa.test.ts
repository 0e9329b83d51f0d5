import {
  confirmSignIn,
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { totpCode } from '../src/totp';
import { configureAmplify, latestCode, PASSWORD, registeredUser, startTestPool, type TestPool } from './helpers';

afterEach(async () => {
  await signOut().catch(() => {});
});

describe('MFA optional', () => {
  let pool: TestPool;
  beforeAll(async () => {
    pool = await startTestPool({ mfa: 'OPTIONAL' });
  });
  afterAll(async () => {
    await pool.stop();
  });

  test('an authenticator app: set up, preferred, then asked for at sign-in', async () => {
    const phone = await registeredUser(pool.url);
    expect((await signIn({ username: phone, password: PASSWORD })).isSignedIn).toBe(true);
    const setup = await setUpTOTP();
    expect(setup.sharedSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.getSetupUri('Bullpen', phone).toString()).toContain(`secret=${setup.sharedSecret}`);
    await expect(
      verifyTOTPSetup({ code: '000000' === totpCode(setup.sharedSecret, Date.now()) ? '111111' : '000000' }),
    ).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
    });
    await verifyTOTPSetup({ code: totpCode(setup.sharedSecret, Date.now()) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
    await signOut();

    const first = await signIn({ username: phone, password: PASSWORD });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    await expect(confirmSignIn({ challengeResponse: '12345x' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    const done = await confirmSignIn({ challengeResponse: totpCode(setup.sharedSecret, Date.now()) });
    expect(done.isSignedIn).toBe(true);
  });

  test('SMS codes at sign-in come from the outbox', async () => {
    const phone = await registeredUser(pool.url);
    await signIn({ username: phone, password: PASSWORD });
    await updateMFAPreference({ sms: 'PREFERRED' });
    await signOut();

    const first = await signIn({ username: phone, password: PASSWORD });
    expect(first.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
      codeDeliveryDetails: { deliveryMedium: 'SMS', destination: `+*******${phone.slice(-4)}` },
    });
    const done = await confirmSignIn({ challengeResponse: await latestCode(pool.url, phone, 'sign-in') });
    expect(done.isSignedIn).toBe(true);
  });
});

describe('MFA required', () => {
  let pool: TestPool;
  beforeAll(async () => {
    pool = await startTestPool({ mfa: 'ON' });
  });
  afterAll(async () => {
    await pool.stop();
  });

  test('a user without MFA sets up an authenticator app during sign-in', async () => {
    const phone = await registeredUser(pool.url);
    const first = await signIn({ username: phone, password: PASSWORD });
    expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    const secret =
      first.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP'
        ? first.nextStep.totpSetupDetails.sharedSecret
        : '';
    const done = await confirmSignIn({ challengeResponse: totpCode(secret, Date.now()) });
    expect(done.isSignedIn).toBe(true);
    await signOut();
    expect((await signIn({ username: phone, password: PASSWORD })).nextStep.signInStep).toBe(
      'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
    );
  });
});

describe('MFA off (the default)', () => {
  let pool: TestPool;
  beforeAll(async () => {
    pool = await startTestPool();
    configureAmplify(pool.url);
  });
  afterAll(async () => {
    await pool.stop();
  });

  test('stored preferences do not add a step', async () => {
    const phone = await registeredUser(pool.url);
    await signIn({ username: phone, password: PASSWORD });
    await updateMFAPreference({ sms: 'PREFERRED' });
    await signOut();
    expect((await signIn({ username: phone, password: PASSWORD })).isSignedIn).toBe(true);
  });
});
