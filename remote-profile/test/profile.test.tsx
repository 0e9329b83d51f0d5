import { CURRENT_USER_KEY, setRuntimeConfig, useToastStore, useUserStore } from '@bullpen/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { mutate, SWRConfig, unload, useSWRConfig } from 'swr';
import EditProfilePage from '../src/app/pages/edit-profile-page';
import ProfilePage from '../src/app/pages/profile-page';

const API = 'http://api.test';
// The own profile shows the notification settings too (their own tests: notification-preferences.test.tsx).
const server = setupServer(
  http.get(`${API}/notifications/preferences`, () =>
    HttpResponse.json({ preferences: {}, timeZone: 'America/New_York', phoneNumber: true }),
  ),
);

const profile = (over: Record<string, unknown> = {}) => ({
  userId: 'u1',
  ticker: 'ACE',
  displayName: 'Ace Ventura',
  bio: 'Growth at a fair price.',
  createdAt: '2026-03-05T12:00:00.000Z',
  stats: { contestsJoined: 4, contestsCompleted: 3, wins: 1, bestReturnPct: 0.1234, averageReturnPct: -0.015 },
  recentContests: [
    { contestId: 'c1', name: 'Tech Titans', status: 'completed', rank: 1, returnPct: 0.1234 },
    { contestId: 'c2', name: 'Energy Week', status: 'active', rank: 3, returnPct: -0.02 },
    { contestId: 'c3', name: 'Spring Open', status: 'upcoming', rank: null, returnPct: null },
  ],
  ...over,
});

const asked: unknown[] = [];
function profiles(byId: Record<string, object | null>) {
  server.use(
    http.post(`${API}/user-profile/get-user-profile`, async ({ request }) => {
      const { userId } = (await request.json()) as { userId: string };
      asked.push(userId);
      const found = byId[userId];
      return found
        ? HttpResponse.json({ userProfile: found })
        : HttpResponse.json({ errMessage: 'User not found', errors: [] }, { status: 404 });
    }),
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  asked.length = 0;
  setRuntimeConfig({
    apiHost: API,
    auth: { region: 'us-east-1', userPoolId: 'us-east-1_T', userPoolClientId: 'c' },
    remotes: { auth: '', contests: '', trading: '', profile: '' },
  });
  useUserStore.getState().setUser({ status: 'active', _id: 'u1', ticker: 'ACE', role: 'user' });
  useToastStore.getState().clear();
  unload({ revalidate: false });
});
// A test ends only once its requests have answered: SWR would otherwise hand the next test's first read the previous
// test's request, then drop its answer because beforeEach's reset came after it started (the screen stays loading).
let inFlight = 0;
server.events.on('request:start', () => {
  inFlight += 1;
});
server.events.on('request:end', () => {
  inFlight -= 1;
});
afterEach(async () => {
  await waitFor(() => expect(inFlight).toBe(0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  server.resetHandlers();
});
afterAll(() => server.close());

let cache: Map<string, { data?: unknown }>;
function Probe() {
  cache = useSWRConfig().cache as unknown as Map<string, { data?: unknown }>;
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  return render(
    <SWRConfig value={{ dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/profile"
            element={
              <>
                <ProfilePage />
                <Probe />
              </>
            }
          />
          <Route
            path="/edit-profile"
            element={
              <>
                <EditProfilePage />
                <Probe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

it("shows the signed-in player's profile: stats with signed returns and recent contests with links", async () => {
  profiles({ u1: profile() });
  renderAt('/profile');
  expect(await screen.findByRole('heading', { level: 1, name: 'ACE' })).toBeInTheDocument();
  expect(screen.getByText('Member since Mar 5, 2026')).toBeInTheDocument();
  expect(screen.getByText('Best return').nextSibling).toHaveTextContent('+12.34%');
  expect(screen.getByText('Average return').nextSibling).toHaveTextContent('\u22121.50%');
  expect(screen.getByRole('link', { name: 'Tech Titans' })).toHaveAttribute('href', '/contest-completed/c1');
  expect(screen.getByRole('link', { name: 'Energy Week' })).toHaveAttribute('href', '/live-contest/c2');
  expect(screen.getByRole('link', { name: 'Spring Open' })).toHaveAttribute('href', '/contest-detail/c3');
  expect(screen.getByRole('link', { name: 'Edit profile' })).toBeInTheDocument();
  expect(asked).toEqual(['u1']);
});

it('colours a return as it is written: one that rounds to 0.00% is neither a gain nor a loss', async () => {
  profiles({
    u1: profile({
      stats: { contestsJoined: 2, contestsCompleted: 2, wins: 0, bestReturnPct: 0.00004, averageReturnPct: -0.00004 },
      recentContests: [{ contestId: 'c1', name: 'Flat Week', status: 'completed', rank: 2, returnPct: -0.00004 }],
    }),
  });
  renderAt('/profile');
  const best = (await screen.findByText('Best return')).nextSibling as HTMLElement;
  const average = screen.getByText('Average return').nextSibling as HTMLElement;
  expect([best.textContent, best.className]).toEqual(['0.00%', 'bp-stat__value bp-trend--flat']);
  expect([average.textContent, average.className]).toEqual(['0.00%', 'bp-stat__value bp-trend--flat']);
  const row = screen.getByRole('link', { name: 'Flat Week' }).closest('tr') as HTMLElement;
  expect(within(row).getByText('0.00%')).toHaveClass('bp-trend--flat');
});

it("shows another player's public profile from ?userId, without the edit link", async () => {
  profiles({ u9: profile({ userId: 'u9', ticker: 'ZED', displayName: 'Zed', recentContests: [] }) });
  renderAt('/profile?userId=u9');
  expect(await screen.findByRole('heading', { level: 1, name: 'ZED' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
  expect(screen.getByText('No contests yet.')).toBeInTheDocument();
});

it('says so when the player does not exist', async () => {
  profiles({});
  renderAt('/profile?userId=nobody');
  expect(await screen.findByRole('heading', { name: 'Player not found' })).toBeInTheDocument();
});

it('saves changes and shows the new call sign everywhere: store, current user and profile caches', async () => {
  profiles({ u1: profile() });
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/user-profile/edit-profile`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ userProfile: profile({ ticker: 'ACE2', displayName: 'Ace Two' }) });
    }),
  );
  await mutate(
    CURRENT_USER_KEY,
    { user: { status: 'active', _id: 'u1', ticker: 'ACE', role: 'user' } },
    { revalidate: false },
  );
  renderAt('/edit-profile');
  const callSign = await screen.findByLabelText('Call sign');
  expect(callSign).toHaveValue('ACE');
  await userEvent.type(callSign, '2');
  await userEvent.clear(screen.getByLabelText('Display name'));
  await userEvent.type(screen.getByLabelText('Display name'), 'Ace Two');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/profile'));
  expect(sent).toEqual([{ callSign: 'ACE2', ticker: 'ACE2', displayName: 'Ace Two', bio: 'Growth at a fair price.' }]);
  expect(useUserStore.getState().user?.ticker).toBe('ACE2');
  const entry = (needle: string) => [...cache.entries()].find(([key]) => key.includes(needle))?.[1]?.data;
  expect(entry('/user/get-user')).toEqual({ user: { status: 'active', _id: 'u1', ticker: 'ACE2', role: 'user' } });
  expect(await screen.findByRole('heading', { level: 1, name: 'ACE2' })).toBeInTheDocument();
  expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Profile saved']);
});

it('keeps the form and shows the field error when the call sign is taken', async () => {
  profiles({ u1: profile() });
  server.use(
    http.post(`${API}/user-profile/edit-profile`, () =>
      HttpResponse.json(
        {
          errMessage: 'Call sign is already taken',
          errors: [{ field: 'callSign', message: 'Call sign is already taken' }],
        },
        { status: 409 },
      ),
    ),
  );
  renderAt('/edit-profile');
  await userEvent.type(await screen.findByLabelText('Call sign'), 'X');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  const form = screen.getByRole('form', { name: 'Edit profile' });
  expect(await within(form).findByRole('alert')).toHaveTextContent('Call sign is already taken');
  expect(useUserStore.getState().user?.ticker).toBe('ACE');
  expect(screen.getByTestId('where')).toHaveTextContent('/edit-profile');
});

it('shows a loading state, then an empty state with a way to find a contest', async () => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post(`${API}/user-profile/get-user-profile`, async () => {
      await gate;
      return HttpResponse.json({
        userProfile: profile({
          recentContests: [],
          stats: { contestsJoined: 0, contestsCompleted: 0, wins: 0, bestReturnPct: null, averageReturnPct: null },
        }),
      });
    }),
  );
  renderAt('/profile');
  expect(screen.getByRole('status')).toHaveTextContent('Loading profile…');
  release();
  expect(await screen.findByText('You have not joined a contest yet.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Find a contest' })).toHaveAttribute('href', '/home');
  expect(screen.getByText('Best return').nextSibling).toHaveTextContent('—');
});
