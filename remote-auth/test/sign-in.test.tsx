import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Hub } from 'aws-amplify/utils';
import { HttpResponse, http } from 'msw';
import AuthPage from '../src/app/pages/auth-page';
import { USER_POOL_UNREACHABLE_MESSAGE } from '../src/features/authenticator/services/unreachable-error';
import { configureAmplify } from './support/amplify';
import {
  CognitoError,
  authenticationResult,
  deferred,
  mockCognito,
  POOL_ENDPOINT,
  mockSrpSignIn,
  requestsTo,
  resetCognito,
  server,
  userAttributes,
} from './support/cognito-mock';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  resetCognito();
  configureAmplify();
});

async function openSignIn() {
  const user = userEvent.setup();
  render(<AuthPage />);
  const submit = await screen.findByRole('button', { name: 'Sign in' });
  const form = submit.closest('form') as HTMLFormElement;
  return {
    user,
    form,
    countryCode: within(form).getByRole('listbox', {
      name: 'Country code',
    }) as HTMLSelectElement,
    phone: within(form).getByLabelText('Phone Number') as HTMLInputElement,
    password: within(form).getByLabelText('Password') as HTMLInputElement,
    submit,
  };
}

it('asks for the phone number with a placeholder that shows whole beside the dial code on a 390 px phone', async () => {
  const { user, phone } = await openSignIn();
  expect(phone).toHaveAttribute('placeholder', 'Phone number');
  expect(phone).toBeRequired();
  await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
  const reset = await screen.findByLabelText('Enter your phone number');
  expect(reset).toHaveAttribute('placeholder', 'Phone number');
  expect(reset).toBeRequired();
});

describe('Sign in', () => {
  it('shows the product name, the Sign In and Create Account tabs, and no social providers', async () => {
    render(<AuthPage />);
    expect(await screen.findByRole('heading', { name: 'Bullpen' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Create Account' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', {
        name: /with (Amazon|Apple|Facebook|Google)/,
      }),
    ).not.toBeInTheDocument();
  });

  it('says what Bullpen is beside the widget, after the form in reading order', async () => {
    const { form } = await openSignIn();
    const pitch = screen.getByRole('region', { name: 'Stock-picking contests with friends' });
    expect(pitch).toHaveTextContent('Pick your stocks before the start');
    expect(pitch).toHaveTextContent('Virtual money, simulated prices');
    // The form comes first for keyboard and screen-reader users.
    expect(form.compareDocumentPosition(pitch) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends the country code plus the number without punctuation as the username', async () => {
    mockCognito({
      initiateAuth: () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.'),
    });
    const { user, phone, password, submit, countryCode } = await openSignIn();
    expect(countryCode.value).toBe('+1');
    await user.type(phone, ' (555) 555-01.23 ');
    await user.type(password, 'secret password');
    await user.click(submit);
    await screen.findByText('Incorrect phone number or password.');
    expect(requestsTo('InitiateAuth')[0]).toMatchObject({
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: expect.objectContaining({ USERNAME: '+15555550123' }),
    });
  });

  it('takes a full international number typed into the number box as that number', async () => {
    mockCognito({
      initiateAuth: () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.'),
    });
    const { user, phone, password, submit, countryCode } = await openSignIn();
    await user.selectOptions(countryCode, '+44');
    await user.type(phone, '+1 555 555 0123');
    await user.type(password, 'secret password');
    await user.click(submit);
    await screen.findByText('Incorrect phone number or password.');
    expect(requestsTo('InitiateAuth')[0]).toMatchObject({
      AuthParameters: expect.objectContaining({ USERNAME: '+15555550123' }),
    });
  });

  it("shows the provider's message in a dismissible alert above the submit button", async () => {
    mockCognito({
      initiateAuth: () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.'),
    });
    const { user, phone, password, submit } = await openSignIn();
    await user.type(phone, '5555550123');
    await user.type(password, 'wrong password');
    await user.click(submit);
    const alert = (await screen.findByText('Incorrect phone number or password.')).closest(
      '.amplify-alert',
    ) as HTMLElement;
    expect(alert).toHaveClass('amplify-alert--error');
    // The alert precedes the submit button in the form.
    expect(alert.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Dismiss alert' }));
    expect(screen.queryByText('Incorrect phone number or password.')).not.toBeInTheDocument();
  });

  it('says plainly that sign-in is unavailable when the user pool cannot be reached', async () => {
    server.use(http.post(POOL_ENDPOINT, () => HttpResponse.error()));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, phone, password, submit } = await openSignIn();
    await user.type(phone, '5555550123');
    await user.type(password, 'long enough');
    await user.click(submit);
    // Amplify retries a network failure a few times before it gives up.
    const alert = await screen.findByText(USER_POOL_UNREACHABLE_MESSAGE, {}, { timeout: 20_000 });
    expect(alert.closest('.amplify-alert')).toHaveClass('amplify-alert--error');
    expect(screen.queryByText('A network error has occurred.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('disables the form and shows loading text while the request is pending', async () => {
    const held = deferred<void>();
    mockCognito({
      initiateAuth: async () => {
        await held.promise;
        return new CognitoError('UserNotFoundException', 'User does not exist.');
      },
    });
    const { user, phone, password, submit } = await openSignIn();
    await user.type(phone, '5555550123');
    await user.type(password, 'secret password');
    await user.click(submit);
    expect(await screen.findByRole('button', { name: /Signing in/ })).toBeDisabled();
    expect(phone).toBeDisabled();
    expect(password).toBeDisabled();
    held.resolve();
    expect(
      await screen.findByText('No account uses this phone number. Check the number, or create an account.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(phone).toBeEnabled();
  });

  it("refuses an empty or whitespace-only number with 'This field is required' and sends nothing", async () => {
    const { user, phone, password, submit } = await openSignIn();
    await user.type(password, 'secret password');
    await user.click(submit);
    expect(phone.validationMessage).toBe('This field is required');
    await user.type(phone, '   ');
    await user.click(submit);
    expect(phone.validationMessage).toBe('This field is required');
    expect(requestsTo('InitiateAuth')).toHaveLength(0);
    await user.type(phone, '5');
    expect(phone.validationMessage).toBe('');
  });

  it('has a show/hide toggle on the password', async () => {
    const { user, password } = await openSignIn();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('switch', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });
});

describe('After the password', () => {
  it('offers to verify an unverified contact, masked, and lets the user skip', async () => {
    mockSrpSignIn('+15555550123');
    mockCognito({
      getUser: () =>
        userAttributes({
          sub: 'abc',
          phone_number: '+15555550123',
          phone_number_verified: 'false',
          email: 'alice.smith@example.com',
          email_verified: 'false',
        }),
    });
    const widgetEvents: string[] = [];
    const stop = Hub.listen('bullpen-auth', ({ payload }) => widgetEvents.push(payload.event));
    const { user, phone, password, submit } = await openSignIn();
    await user.type(phone, '5555550123');
    await user.type(password, 'secret password');
    await user.click(submit);
    expect(await screen.findByText('Account recovery requires verified contact information')).toBeInTheDocument();
    // Amplify has already said "signedIn"; the widget says it is done only after this step.
    expect(widgetEvents).toEqual([]);
    // SPEC §2: the email keeps the first and last character of its local part, the phone its last 4 digits.
    expect(screen.getByLabelText('Email: a*********h@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone Number: ********0123')).toBeInTheDocument();
    expect(screen.queryByText(/alice/)).not.toBeInTheDocument();
    expect(screen.queryByText(/5555550123/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() =>
      expect(screen.queryByText('Account recovery requires verified contact information')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Signed in. Taking you to Bullpen…');
    expect(widgetEvents).toEqual(['done']);
    stop();
  });

  it('verifies the chosen contact with a code', async () => {
    mockSrpSignIn('+15555550123');
    mockCognito({
      getUser: () =>
        userAttributes({
          sub: 'abc',
          phone_number: '+15555550123',
          phone_number_verified: 'false',
        }),
      getUserAttributeVerificationCode: () => ({
        CodeDeliveryDetails: {
          AttributeName: 'phone_number',
          DeliveryMedium: 'SMS',
          Destination: '+*******0123',
        },
      }),
      verifyUserAttribute: () => ({}),
    });
    const { user, phone, password, submit } = await openSignIn();
    await user.type(phone, '5555550123');
    await user.type(password, 'secret password');
    await user.click(submit);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(requestsTo('GetUserAttributeVerificationCode')[0]).toMatchObject({
      AttributeName: 'phone_number',
    });
    await user.type(await screen.findByLabelText('Code *'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requestsTo('VerifyUserAttribute')).toHaveLength(1));
    expect(requestsTo('VerifyUserAttribute')[0]).toMatchObject({
      AttributeName: 'phone_number',
      Code: '123456',
    });
  });

  it('asks for the text-message code when the pool sends one', async () => {
    mockSrpSignIn('+15555550123', () => ({
      ChallengeName: 'SMS_MFA',
      Session: 'mfa-session',
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
        CODE_DELIVERY_DESTINATION: '+*******0123',
      },
    }));
    mockCognito({
      getUser: () =>
        userAttributes({
          sub: 'abc',
          phone_number: '+15555550123',
          phone_number_verified: 'true',
        }),
    });
    const { user, phone, password, submit } = await openSignIn();
    await user.type(phone, '5555550123');
    await user.type(password, 'secret password');
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Confirm SMS Code' })).toBeInTheDocument();
    mockCognito({
      respondToAuthChallenge: (body) =>
        body.ChallengeName === 'SMS_MFA'
          ? authenticationResult('+15555550123')
          : new CognitoError('InvalidParameterException', 'unexpected'),
    });
    await user.type(screen.getByLabelText('Code *'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Confirm SMS Code' })).not.toBeInTheDocument());
    expect(requestsTo('RespondToAuthChallenge').at(-1)).toMatchObject({
      ChallengeName: 'SMS_MFA',
      ChallengeResponses: expect.objectContaining({ SMS_MFA_CODE: '654321' }),
    });
  });

  it('asks for the authenticator-app code when the user has one', async () => {
    mockSrpSignIn('+15555550123', () => ({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: 'mfa-session',
      ChallengeParameters: {},
    }));
    const { user, phone, password, submit } = await openSignIn();
    await user.type(phone, '5555550123');
    await user.type(password, 'secret password');
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Confirm TOTP Code' })).toBeInTheDocument();
  });

  it('sets up an authenticator app: a 228×228 QR code for issuer Bullpen and a copyable secret', async () => {
    mockSrpSignIn('+15555550123', () => ({
      ChallengeName: 'MFA_SETUP',
      Session: 'setup-session',
      ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
    }));
    mockCognito({
      associateSoftwareToken: () => ({
        SecretCode: 'JBSWY3DPEHPK3PXP',
        Session: 'associate-session',
      }),
    });
    // The QR code encodes an otpauth:// URL; read it where the Authenticator hands it to the QR encoder.
    const qrEncoder = jest.requireActual<{
      toDataURL: (text: string) => Promise<string>;
    }>('qrcode');
    const encode = jest.spyOn(qrEncoder, 'toDataURL');
    const { user, phone, password, submit } = await openSignIn();
    await user.type(phone, '5555550123');
    await user.type(password, 'secret password');
    await user.click(submit);
    const qr = await screen.findByRole('img', { name: 'qr code' });
    expect(qr).toHaveAttribute('width', '228');
    expect(qr).toHaveAttribute('height', '228');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(encode).toHaveBeenCalledWith('otpauth://totp/Bullpen:+15555550123?secret=JBSWY3DPEHPK3PXP&issuer=Bullpen');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    // user-event stands in for the system clipboard; watch what is written to it.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    expect(screen.getByRole('heading', { name: 'Set up your authenticator app' })).toBeInTheDocument();
    // The copy control is a labelled button that works from the keyboard.
    screen.getByRole('button', { name: 'Copy secret key' }).focus();
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
    expect(screen.getByText('COPIED')).toBeInTheDocument();
    encode.mockRestore();
  });

  it('asks for a new password when the pool requires one', async () => {
    mockSrpSignIn('+15555550123', () => ({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 'np-session',
      ChallengeParameters: {
        userAttributes: '{"phone_number":"+15555550123"}',
        requiredAttributes: '[]',
      },
    }));
    const { user, phone, password, submit } = await openSignIn();
    await user.type(phone, '5555550123');
    await user.type(password, 'temporary password');
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    mockCognito({
      respondToAuthChallenge: (body) =>
        body.ChallengeName === 'NEW_PASSWORD_REQUIRED'
          ? authenticationResult('+15555550123')
          : new CognitoError('InvalidParameterException', 'unexpected'),
      getUser: () =>
        userAttributes({
          sub: 'abc',
          phone_number: '+15555550123',
          phone_number_verified: 'true',
        }),
    });
    await user.type(screen.getByLabelText('Password'), 'brand new password');
    await user.type(screen.getByLabelText('Confirm Password'), 'brand new password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Change Password' })).not.toBeInTheDocument());
    expect(requestsTo('RespondToAuthChallenge').at(-1)).toMatchObject({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ChallengeResponses: expect.objectContaining({
        NEW_PASSWORD: 'brand new password',
      }),
    });
  });
});
