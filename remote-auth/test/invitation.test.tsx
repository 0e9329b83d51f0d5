import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import AuthPage from '../src/app/pages/auth-page';
import { invitationContestId } from '../src/features/authenticator/hooks/use-invitation';
import { configureAmplify } from './support/amplify';
import { resetCognito, server } from './support/cognito-mock';

// A signed-out visitor who follows an invitation (the join page saved itself as "next") lands on the
// Create Account tab, told which contest the account is for.

const API = 'http://localhost:4000';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  resetCognito();
  configureAmplify();
});

it('reads the contest of an invitation from "next", and nothing else', () => {
  expect(invitationContestId('/join-contest-info/c-9')).toBe('c-9');
  expect(invitationContestId('/join-contest-info/c%2D9?x=1')).toBe('c-9');
  expect(invitationContestId('/invitation/c-9')).toBe('c-9');
  expect(invitationContestId('/contest-detail/c-9')).toBeNull();
  expect(invitationContestId('/invitations/c-9')).toBeNull();
  expect(invitationContestId('/join-contest-info/%E0%A4%A')).toBeNull();
  expect(invitationContestId(null)).toBeNull();
});

it('opens on Create Account with the contest named', async () => {
  localStorage.setItem('next', `${window.location.origin}/join-contest-info/c-9`);
  server.use(
    http.post(`${API}/contest/get-contest`, async ({ request }) => {
      expect(await request.json()).toEqual({ contestId: 'c-9' });
      return HttpResponse.json({ contest: { _id: 'c-9', name: 'Weekly Tech Sprint' } });
    }),
  );
  render(<AuthPage />);
  expect(
    await screen.findByRole('heading', { name: 'Create an account to join Weekly Tech Sprint' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
  const form = screen.getByRole('button', { name: 'Create Account' }).closest('form') as HTMLFormElement;
  // A placeholder short enough to show whole beside the dial code on a 390 px phone.
  expect(within(form).getByLabelText('Phone Number')).toHaveAttribute('placeholder', 'Phone number');
});

it('names the contest of an invitation page opened signed out', async () => {
  localStorage.setItem('next', `${window.location.origin}/invitation/c-7`);
  server.use(
    http.post(`${API}/contest/get-contest`, () => HttpResponse.json({ contest: { _id: 'c-7', name: 'Desk Wars Q4' } })),
  );
  render(<AuthPage />);
  expect(await screen.findByRole('heading', { name: 'Create an account to join Desk Wars Q4' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
});

it('still names the invitation when the contest cannot be read', async () => {
  localStorage.setItem('next', `${window.location.origin}/join-contest-info/gone`);
  server.use(
    http.post(`${API}/contest/get-contest`, () =>
      HttpResponse.json({ errMessage: 'Contest not found', errors: [] }, { status: 404 }),
    ),
  );
  render(<AuthPage />);
  expect(await screen.findByRole('heading', { name: 'Create an account to join this contest' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
});

it('names the contest once a read that failed for a moment answers', async () => {
  localStorage.setItem('next', `${window.location.origin}/join-contest-info/c-5`);
  let calls = 0;
  server.use(
    http.post(`${API}/contest/get-contest`, () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ errMessage: 'Service unavailable', errors: [] }, { status: 503 })
        : HttpResponse.json({ contest: { _id: 'c-5', name: 'Rebound Cup' } });
    }),
  );
  render(<AuthPage />);
  expect(await screen.findByRole('heading', { name: 'Create an account to join this contest' })).toBeInTheDocument();
  expect(
    await screen.findByRole('heading', { name: 'Create an account to join Rebound Cup' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(calls).toBe(2);
});

it('opens on Sign In for anyone else', async () => {
  localStorage.setItem('next', `${window.location.origin}/contest-detail/c-9`);
  render(<AuthPage />);
  expect(await screen.findByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.queryByRole('heading', { name: /Create an account to join/ })).not.toBeInTheDocument();
});
