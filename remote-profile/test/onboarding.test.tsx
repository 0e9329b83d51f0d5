import { CURRENT_USER_KEY, setRuntimeConfig, useToastStore, useUserStore } from '@bullpen/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig, useSWRConfig } from 'swr';
import OnboardingPage from '../src/app/pages/onboarding-page';

const API = 'http://api.test';
const server = setupServer();
const requests: unknown[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests.length = 0;
  setRuntimeConfig({
    apiHost: API,
    auth: { region: 'us-east-1', userPoolId: 'us-east-1_T', userPoolClientId: 'c' },
    remotes: { auth: '', contests: '', trading: '', profile: '' },
  });
  useUserStore.getState().clear();
  useToastStore.getState().clear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let cache: Map<unknown, unknown>;
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
function CacheProbe() {
  cache = useSWRConfig().cache as unknown as Map<unknown, unknown>;
  return null;
}

function renderAt(path: string) {
  return render(
    <SWRConfig value={{ dedupingInterval: 0 }}>
      <CacheProbe />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <OnboardingPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

function answer(status: number, body: object) {
  server.use(
    http.post(`${API}/user/initialize-user`, async ({ request }) => {
      requests.push(await request.json());
      return HttpResponse.json(body, { status });
    }),
  );
}

it('upper-cases the call sign as typed and shows which rules it meets', async () => {
  renderAt('/auth');
  await userEvent.type(screen.getByLabelText('Call sign'), 'ace 1');
  expect(screen.getByLabelText('Call sign')).toHaveValue('ACE1');
  expect(screen.getByText(/2 to 8 characters/).closest('li')).toHaveTextContent('(met)');
  await userEvent.clear(screen.getByLabelText('Call sign'));
  await userEvent.type(screen.getByLabelText('Call sign'), '9');
  expect(screen.getByText(/starts with a letter/).closest('li')).toHaveTextContent('(not met)');
  expect(screen.getByText(/2 to 8 characters/).closest('li')).toHaveTextContent('(not met)');
});

it('checks the form before sending anything', async () => {
  answer(200, {});
  renderAt('/auth');
  await userEvent.type(screen.getByLabelText('Call sign'), '9X');
  await userEvent.click(screen.getByRole('button', { name: 'Start playing' }));
  expect(await screen.findByText('Call sign: 2 to 8 letters or digits, starting with a letter')).toBeInTheDocument();
  expect(screen.getByText('Display name is required')).toBeInTheDocument();
  expect(requests).toEqual([]);
  // Each field is described by its error while it shows, and never by an element that is not there.
  expect(screen.getByLabelText('Display name')).toHaveAccessibleDescription('Display name is required');
  expect(screen.getByLabelText(/Bio/)).not.toHaveAttribute('aria-describedby');
});

it("shows the server's message on the field when the call sign is taken", async () => {
  answer(409, {
    errMessage: 'Call sign is already taken',
    errors: [{ field: 'callSign', message: 'Call sign is already taken' }],
  });
  renderAt('/auth');
  await userEvent.type(screen.getByLabelText('Call sign'), 'ace');
  await userEvent.type(screen.getByLabelText('Display name'), 'Ace Ventura');
  await userEvent.click(screen.getByRole('button', { name: 'Start playing' }));
  const field = await screen.findByRole('alert');
  expect(field).toHaveTextContent('Call sign is already taken');
  expect(screen.getByLabelText('Call sign')).toHaveAttribute('aria-invalid', 'true');
  // One message, on the field: no toast that would outlive the fix beside the welcome toast.
  expect(useToastStore.getState().toasts).toEqual([]);
  expect(useUserStore.getState().user).toBeNull();
  expect(screen.getByRole('button', { name: 'Start playing' })).toBeEnabled();
});

it('sends ticker = call sign, stores the active user, fills the current-user cache and goes home', async () => {
  const user = { status: 'active', _id: 'u1', ticker: 'ACE', role: 'user' };
  answer(200, { user });
  renderAt('/auth');
  await userEvent.type(screen.getByLabelText('Call sign'), 'ace');
  await userEvent.type(screen.getByLabelText('Display name'), '  Ace Ventura ');
  await userEvent.type(screen.getByLabelText(/Bio/), 'Growth at a fair price.');
  await userEvent.click(screen.getByRole('button', { name: 'Start playing' }));
  await waitFor(() => expect(useUserStore.getState().user).toEqual({ id: 'u1', ticker: 'ACE', role: 'user' }));
  expect(requests).toEqual([
    { callSign: 'ACE', ticker: 'ACE', displayName: 'Ace Ventura', bio: 'Growth at a fair price.' },
  ]);
  expect(screen.getByTestId('where')).toHaveTextContent('/home');
  expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Welcome to Bullpen, ACE!']);
  // The host's gate reads this entry: it must hold the active user now, without another call.
  const key = [...cache.keys()].find((k) => typeof k === 'string' && k.includes(CURRENT_USER_KEY[0]));
  expect((cache.get(key) as { data?: unknown } | undefined)?.data).toEqual({ user });
});

it('keeps the address the user was headed to', async () => {
  answer(200, { user: { status: 'active', _id: 'u2', ticker: 'BOB', role: 'user' } });
  renderAt('/contest-detail/c1');
  await userEvent.type(screen.getByLabelText('Call sign'), 'bob');
  await userEvent.type(screen.getByLabelText('Display name'), 'Bob');
  await userEvent.click(screen.getByRole('button', { name: 'Start playing' }));
  await waitFor(() => expect(useUserStore.getState().user?.ticker).toBe('BOB'));
  expect(screen.getByTestId('where')).toHaveTextContent('/contest-detail/c1');
});

it('keeps what a submit found until the next submit, which clears the fields fixed since', async () => {
  answer(500, { errMessage: 'unused' });
  renderAt('/auth');
  await userEvent.click(screen.getByRole('button', { name: 'Start playing' }));
  expect(await screen.findByText('Display name is required')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Display name'), 'Ace');
  // Typing does not check the form again: the message stays until the user submits.
  expect(screen.getByLabelText('Display name')).toHaveAccessibleDescription('Display name is required');
  await userEvent.click(screen.getByRole('button', { name: 'Start playing' }));
  await waitFor(() => expect(screen.queryByText('Display name is required')).toBeNull());
  expect(screen.getByLabelText('Display name')).not.toHaveAttribute('aria-invalid');
  expect(screen.getByText('Call sign: 2 to 8 letters or digits, starting with a letter')).toBeInTheDocument();
  expect(requests).toEqual([]);
});

it('puts each server error on the field it names, the ticker on the call sign', async () => {
  answer(400, {
    errMessage: 'Invalid request',
    errors: [
      { field: 'ticker', message: 'ticker must equal callSign' },
      { field: 'bio', message: 'Bio: invalid characters' },
    ],
  });
  renderAt('/auth');
  await userEvent.type(screen.getByLabelText('Call sign'), 'ace');
  await userEvent.type(screen.getByLabelText('Display name'), 'Ace');
  await userEvent.click(screen.getByRole('button', { name: 'Start playing' }));
  await waitFor(() =>
    expect(screen.getByLabelText('Call sign')).toHaveAccessibleDescription(/ticker must equal callSign/),
  );
  expect(screen.getByLabelText(/Bio/)).toHaveAccessibleDescription('Bio: invalid characters');
  expect(screen.getByLabelText('Display name')).not.toHaveAttribute('aria-invalid');
  expect(useToastStore.getState().toasts).toEqual([]);
});

it('shows the pending state while saving, then a toast and the form again when no field can show the error', async () => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post(`${API}/user/initialize-user`, async () => {
      await gate;
      return HttpResponse.json({ errMessage: 'Service unavailable', errors: [] }, { status: 503 });
    }),
  );
  renderAt('/contest-detail/c1');
  await userEvent.type(screen.getByLabelText('Call sign'), 'ace');
  await userEvent.type(screen.getByLabelText('Display name'), 'Ace');
  await userEvent.click(screen.getByRole('button', { name: 'Start playing' }));
  expect(await screen.findByRole('button', { name: /Saving…/ })).toBeDisabled();
  expect(screen.getByLabelText('Call sign')).toBeDisabled();
  expect(screen.getByLabelText('Display name')).toBeDisabled();
  release();
  expect(await screen.findByRole('button', { name: 'Start playing' })).toBeEnabled();
  expect(screen.getByLabelText('Call sign')).toBeEnabled();
  expect(screen.getByLabelText('Call sign')).toHaveValue('ACE');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Service unavailable']);
});
