import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_WIDGET_CHANNEL, AUTH_WIDGET_DONE } from '@bullpen/shared';
import { Hub } from 'aws-amplify/utils';
import AuthPage from '../src/app/pages/auth-page';
import { configureAmplify } from './support/amplify';
import {
  authenticationResult,
  CognitoError,
  deferred,
  mockCognito,
  mockSrpSignIn,
  requestsTo,
  resetCognito,
  server,
  userAttributes,
} from './support/cognito-mock';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  resetCognito();
  configureAmplify();
});

const PHONE = '+15555550123';
const codeDelivery = {
  AttributeName: 'phone_number',
  DeliveryMedium: 'SMS',
  Destination: '+*******0123',
};

async function createAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Create Account' }));
  const form = (await screen.findByRole('button', { name: 'Create Account' })).closest('form') as HTMLFormElement;
  await user.type(within(form).getByLabelText('Phone Number'), '(555) 555-0123');
  await user.type(within(form).getByLabelText('Password'), 'long enough ');
  await user.type(within(form).getByLabelText('Confirm Password'), 'long enough ');
  await user.click(within(form).getByRole('button', { name: 'Create Account' }));
}

describe('Create Account', () => {
  it('signs up with the E.164 number as username and phone attribute, then confirms with a code and signs in', async () => {
    const held = deferred<void>();
    mockCognito({
      signUp: async () => {
        await held.promise;
        return {
          UserConfirmed: false,
          UserSub: 'sub-1',
          CodeDeliveryDetails: codeDelivery,
        };
      },
      resendConfirmationCode: () => ({ CodeDeliveryDetails: codeDelivery }),
      confirmSignUp: () => ({}),
      getUser: () =>
        userAttributes({
          sub: 'sub-1',
          phone_number: PHONE,
          phone_number_verified: 'true',
        }),
    });
    mockSrpSignIn(PHONE);
    const signedIn = jest.fn();
    const stop = Hub.listen('auth', ({ payload }) => payload.event === 'signedIn' && signedIn());
    const user = userEvent.setup();
    render(<AuthPage />);
    await createAccount(user);

    expect(await screen.findByRole('button', { name: /Creating Account/ })).toBeDisabled();
    held.resolve();

    expect(await screen.findByRole('button', { name: 'Resend Code' })).toBeInTheDocument();
    expect(requestsTo('SignUp')[0]).toMatchObject({
      Username: PHONE,
      Password: 'long enough ', // passwords are never trimmed
      UserAttributes: [{ Name: 'phone_number', Value: PHONE }],
    });

    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() =>
      expect(requestsTo('ResendConfirmationCode')).toEqual([expect.objectContaining({ Username: PHONE })]),
    );

    await user.type(await screen.findByLabelText('Confirmation Code'), ' 246810 ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalled());
    expect(requestsTo('ConfirmSignUp')[0]).toMatchObject({
      Username: PHONE,
      ConfirmationCode: '246810',
    });
    // Auto sign-in after confirmation: Amplify signs in with the sign-up's credentials (SRP).
    expect(requestsTo('InitiateAuth')[0]).toMatchObject({
      AuthParameters: expect.objectContaining({ USERNAME: PHONE }),
    });
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    stop();
  });

  it("says in the product's words that the number is taken, and leads to signing in", async () => {
    mockCognito({
      signUp: () => new CognitoError('UsernameExistsException', 'User already exists'),
    });
    const user = userEvent.setup();
    render(<AuthPage />);
    await createAccount(user);
    expect(
      await screen.findByText('An account with this phone number already exists. Sign in instead.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('User already exists')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Sign in with this number' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows a wrong confirmation code as the provider says', async () => {
    mockCognito({
      signUp: () => ({
        UserConfirmed: false,
        UserSub: 'sub-1',
        CodeDeliveryDetails: codeDelivery,
      }),
      confirmSignUp: () =>
        new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.'),
    });
    const user = userEvent.setup();
    render(<AuthPage />);
    await createAccount(user);
    await user.type(await screen.findByLabelText('Confirmation Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not right. Check it and try again.')).toBeInTheDocument();
  });

  it("refuses an empty code with 'This field is required'", async () => {
    mockCognito({
      signUp: () => ({
        UserConfirmed: false,
        UserSub: 'sub-1',
        CodeDeliveryDetails: codeDelivery,
      }),
    });
    const user = userEvent.setup();
    render(<AuthPage />);
    await createAccount(user);
    const code = (await screen.findByLabelText('Confirmation Code')) as HTMLInputElement;
    await user.type(code, '  ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(code.validationMessage).toBe('This field is required');
    expect(requestsTo('ConfirmSignUp')).toHaveLength(0);
  });
});

describe('The code screen', () => {
  const confirmable = () =>
    mockCognito({
      signUp: () => ({ UserConfirmed: false, UserSub: 'sub-1', CodeDeliveryDetails: codeDelivery }),
      confirmSignUp: () => ({}),
    });

  it('offers another number, back on the form the code was asked from', async () => {
    confirmable();
    const user = userEvent.setup();
    render(<AuthPage />);
    await createAccount(user);
    await user.click(await screen.findByRole('button', { name: 'Use a different phone number' }));
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByLabelText('Confirmation Code')).not.toBeInTheDocument();
  });

  it("is a page of the browser's history: Back returns to the form, not out of the site", async () => {
    confirmable();
    const user = userEvent.setup();
    render(<AuthPage />);
    await createAccount(user);
    await screen.findByLabelText('Confirmation Code');
    expect(window.history.state).toMatchObject({ bullpenAuthStep: 'bullpen-auth-confirmSignUp' });
    act(() => window.history.back());
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirmation Code')).not.toBeInTheDocument();
  });

  it('signs in with the password just typed when the account a sign-in found unconfirmed is confirmed', async () => {
    let verified = 0;
    // The Authenticator sends a fresh code when a sign-in finds the account unconfirmed.
    mockCognito({ resendConfirmationCode: () => ({ CodeDeliveryDetails: codeDelivery }), confirmSignUp: () => ({}) });
    mockSrpSignIn(PHONE, () => {
      verified += 1;
      return verified === 1
        ? new CognitoError('UserNotConfirmedException', 'User is not confirmed.')
        : authenticationResult(PHONE);
    });
    const signedIn = jest.fn();
    const stop = Hub.listen('auth', ({ payload }) => payload.event === 'signedIn' && signedIn());
    // The host waits for the widget to say it has nothing left to ask before it leaves /auth.
    const widgetDone = jest.fn();
    const stopDone = Hub.listen(
      AUTH_WIDGET_CHANNEL,
      ({ payload }) => payload.event === AUTH_WIDGET_DONE && widgetDone(),
    );
    const user = userEvent.setup();
    render(<AuthPage />);
    const form = (await screen.findByRole('button', { name: 'Sign in' })).closest('form') as HTMLFormElement;
    await user.type(within(form).getByLabelText('Phone Number'), '(555) 555-0123');
    await user.type(within(form).getByLabelText('Password'), 'long enough ');
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));

    await user.type(await screen.findByLabelText('Confirmation Code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalled());
    expect(requestsTo('ConfirmSignUp')[0]).toMatchObject({ Username: PHONE, ConfirmationCode: '246810' });
    expect(requestsTo('InitiateAuth')).toHaveLength(2);
    expect(requestsTo('InitiateAuth')[1]).toMatchObject({
      AuthParameters: expect.objectContaining({ USERNAME: PHONE }),
    });
    expect(screen.queryByText('Your account is confirmed. Sign in to continue.')).not.toBeInTheDocument();
    await waitFor(() => expect(widgetDone).toHaveBeenCalled());
    stop();
    stopDone();
  });
});

describe('Forgot password', () => {
  it('sends a code, resets with code and new password, resends, and returns to sign in', async () => {
    const held = deferred<void>();
    mockCognito({
      forgotPassword: async () => {
        await held.promise;
        return { CodeDeliveryDetails: codeDelivery };
      },
      confirmForgotPassword: () => ({}),
    });
    const user = userEvent.setup();
    render(<AuthPage />);
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Sign In' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Enter your phone number'), '555-555-0123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Sending/ })).toBeDisabled();
    held.resolve();

    const code = await screen.findByLabelText('Code *');
    expect(requestsTo('ForgotPassword')[0]).toMatchObject({ Username: PHONE });
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() => expect(requestsTo('ForgotPassword')).toHaveLength(2));

    await user.type(await screen.findByLabelText('Code *'), '135790');
    await user.type(screen.getByLabelText('New Password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(requestsTo('ConfirmForgotPassword')[0]).toMatchObject({
      Username: PHONE,
      ConfirmationCode: '135790',
      Password: 'a new password',
    });
    expect(code).not.toBeInTheDocument();
    // Not a silent empty form: the screen says what happened and what to do.
    expect(screen.getByRole('status')).toHaveTextContent('Your password was changed. Sign in with your new password.');
  });

  it("refuses an empty new password with 'This field is required'", async () => {
    mockCognito({
      forgotPassword: () => ({ CodeDeliveryDetails: codeDelivery }),
    });
    const user = userEvent.setup();
    render(<AuthPage />);
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    await user.type(await screen.findByLabelText('Enter your phone number'), '5555550123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Code *'), '135790');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((screen.getByLabelText('New Password') as HTMLInputElement).validationMessage).toBe(
      'This field is required',
    );
    expect(requestsTo('ConfirmForgotPassword')).toHaveLength(0);
  });

  it('goes back to sign in', async () => {
    const user = userEvent.setup();
    render(<AuthPage />);
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    await user.click(await screen.findByRole('button', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('Auto sign-in after sign-up (SPEC §9: stops after 3 minutes)', () => {
  afterEach(() => jest.useRealTimers());

  it('leaves the user to sign in by hand when the code is confirmed more than 3 minutes after sign-up', async () => {
    // Fake clocks that also run in real time, so the requests flow; the 3 minutes are skipped by hand.
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    mockCognito({
      signUp: () => ({ UserConfirmed: false, UserSub: 'sub-1', CodeDeliveryDetails: codeDelivery }),
      confirmSignUp: () => ({}),
    });
    mockSrpSignIn(PHONE);
    const user = userEvent.setup();
    render(<AuthPage />);
    await createAccount(user);
    const code = await screen.findByLabelText('Confirmation Code');
    await act(async () => {
      jest.advanceTimersByTime(3 * 60 * 1000 + 1);
    });
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(requestsTo('ConfirmSignUp')).toHaveLength(1);
    expect(requestsTo('InitiateAuth')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Your account is confirmed. Sign in to continue.');
  });
});
