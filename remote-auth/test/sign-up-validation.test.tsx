import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AuthPage from '../src/app/pages/auth-page';
import { configureAmplify } from './support/amplify';
import { mockCognito, requestsTo, resetCognito, server } from './support/cognito-mock';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  resetCognito();
  configureAmplify();
});

async function openCreateAccount() {
  const user = userEvent.setup();
  render(<AuthPage />);
  await user.click(await screen.findByRole('tab', { name: 'Create Account' }));
  const form = (await screen.findByRole('button', { name: 'Create Account' })).closest('form') as HTMLFormElement;
  return {
    user,
    form,
    phone: within(form).getByLabelText('Phone Number'),
    password: within(form).getByLabelText('Password'),
    confirm: within(form).getByLabelText('Confirm Password'),
    submit: within(form).getByRole('button', { name: 'Create Account' }),
  };
}

const tooShort = 'Password must have at least 8 characters';
const mismatch = 'Your passwords must match';
const required = 'This field is required';

describe('Create Account validation (SPEC §5)', () => {
  it('says nothing about the password while it is typed, and that it is too short once the field is left', async () => {
    const { user, password, confirm } = await openCreateAccount();
    await user.type(password, 'abc');
    expect(screen.queryByText(tooShort)).not.toBeInTheDocument();
    await user.click(confirm);
    expect(await screen.findByText(tooShort)).toBeInTheDocument();
    await user.type(password, 'defgh');
    await waitFor(() => expect(screen.queryByText(tooShort)).not.toBeInTheDocument());
  });

  it('shows the mismatch once both passwords reach 6 characters, even before either field is left', async () => {
    const { user, password, confirm } = await openCreateAccount();
    await user.click(password);
    await user.keyboard('abcdefgh');
    await user.click(confirm);
    await user.keyboard('abcdx');
    // 5 characters in the confirmation, the confirmation never left: not yet.
    expect(screen.queryByText(mismatch)).not.toBeInTheDocument();
    await user.keyboard('y');
    expect(await screen.findByText(mismatch)).toBeInTheDocument();
  });

  it('shows the mismatch for short passwords only when both fields have been touched', async () => {
    const { user, password, confirm, phone } = await openCreateAccount();
    await user.type(password, 'abc');
    await user.click(confirm);
    await user.keyboard('abd');
    expect(screen.queryByText(mismatch)).not.toBeInTheDocument();
    await user.click(phone); // leaves the confirmation: both touched now
    expect(await screen.findByText(mismatch)).toBeInTheDocument();
  });

  it('clears the mismatch when the passwords agree', async () => {
    const { user, password, confirm, phone } = await openCreateAccount();
    await user.type(password, 'abcdefgh');
    await user.type(confirm, 'abcdefgX');
    await user.click(phone);
    expect(await screen.findByText(mismatch)).toBeInTheDocument();
    await user.clear(confirm);
    await user.type(confirm, 'abcdefgh');
    await waitFor(() => expect(screen.queryByText(mismatch)).not.toBeInTheDocument());
  });

  it('requires the phone number: empty or only spaces, once the field is left', async () => {
    const { user, phone, password } = await openCreateAccount();
    await user.click(phone);
    await user.click(password);
    expect(await screen.findByText(required)).toBeInTheDocument();
    await user.type(phone, '   ');
    await user.click(password);
    expect(screen.getByText(required)).toBeInTheDocument();
    await user.type(phone, '5555550123');
    await waitFor(() => expect(screen.queryByText(required)).not.toBeInTheDocument());
  });

  it('keeps Create Account disabled while any message is shown', async () => {
    const { user, password, confirm, phone, submit } = await openCreateAccount();
    expect(submit).toBeEnabled();
    await user.type(password, 'short');
    await user.click(phone);
    await screen.findByText(tooShort);
    expect(submit).toBeDisabled();
    await user.type(phone, '5555550123');
    await user.clear(password);
    await user.type(password, 'long enough');
    await user.type(confirm, 'long enough');
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('judges untouched fields on submit and sends nothing', async () => {
    mockCognito({ signUp: () => ({ UserConfirmed: false, UserSub: 'x' }) });
    const { user, submit } = await openCreateAccount();
    await user.click(submit);
    expect(await screen.findByText(required)).toBeInTheDocument();
    expect(await screen.findByText(tooShort)).toBeInTheDocument();
    expect(requestsTo('SignUp')).toHaveLength(0);
  });

  it('judges a whitespace-only phone number on submit: trimmed, it is empty', async () => {
    mockCognito({ signUp: () => ({ UserConfirmed: false, UserSub: 'x' }) });
    const { user, phone, password, confirm, submit } = await openCreateAccount();
    await user.type(password, 'long enough');
    await user.type(confirm, 'long enough');
    await user.type(phone, '  ');
    await user.click(submit);
    expect(await screen.findByText(required)).toBeInTheDocument();
    expect(requestsTo('SignUp')).toHaveLength(0);
  });
});
