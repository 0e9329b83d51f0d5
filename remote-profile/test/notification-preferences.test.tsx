import { setRuntimeConfig } from '@bullpen/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig, unload } from 'swr';
import { NotificationPreferences } from '../src/features/profile/components/notification-preferences';

const API = 'http://api.test';
const server = setupServer();

const KINDS = [
  'order-filled',
  'order-rejected',
  'order-expired',
  'margin-call',
  'contest-starting',
  'contest-started',
  'contest-ended',
  'contest-joined',
  'top-three-entered',
  'top-three-left',
  'mention',
];
const preferences = (over: Record<string, { inApp: boolean; text: boolean }> = {}, phoneNumber = true) => ({
  preferences: { ...Object.fromEntries(KINDS.map((kind) => [kind, { inApp: true, text: false }])), ...over },
  timeZone: 'America/New_York',
  phoneNumber,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  setRuntimeConfig({
    apiHost: API,
    auth: { region: 'us-east-1', userPoolId: 'us-east-1_T', userPoolClientId: 'c' },
    remotes: { auth: '', contests: '', trading: '', profile: '' },
  });
  unload({ revalidate: false });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderForm = () =>
  render(
    <SWRConfig value={{ dedupingInterval: 0, provider: () => new Map() }}>
      <NotificationPreferences />
    </SWRConfig>,
  );

it('loads, lists every kind with its channels, and saves what the player changed', async () => {
  server.use(http.get(`${API}/notifications/preferences`, () => HttpResponse.json(preferences())));
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/notifications/preferences`, async ({ request }) => {
      const body = (await request.json()) as { preferences: Record<string, { inApp: boolean; text: boolean }> };
      sent.push(body);
      return HttpResponse.json({ ...preferences(body.preferences), timeZone: 'Europe/Paris' });
    }),
  );
  renderForm();
  expect(screen.getByRole('status')).toHaveTextContent('Loading notification settings…');
  const fills = await screen.findByRole('checkbox', { name: 'An order filled: in the app' });
  expect(fills).toBeChecked();
  // Only the kinds sent by text have a text box.
  expect(screen.queryByRole('checkbox', { name: 'An order filled: by text' })).not.toBeInTheDocument();
  const ends = screen.getByRole('checkbox', { name: 'A contest you joined has ended: by text' });
  expect(ends).not.toBeChecked();
  expect(screen.getAllByRole('checkbox')).toHaveLength(KINDS.length + 4);

  await userEvent.click(fills);
  await userEvent.click(ends);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Your time zone' }), 'Europe/Paris');
  await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Saved');
  expect(sent).toEqual([
    expect.objectContaining({
      timeZone: 'Europe/Paris',
      preferences: expect.objectContaining({
        'order-filled': { inApp: false, text: false },
        'contest-ended': { inApp: true, text: true },
      }),
    }),
  ]);
  expect(screen.getByRole('checkbox', { name: 'An order filled: in the app' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'A contest you joined has ended: by text' })).toBeChecked();
});

it('says why a save failed, and keeps the choices', async () => {
  server.use(
    http.get(`${API}/notifications/preferences`, () => HttpResponse.json(preferences())),
    http.post(`${API}/notifications/preferences`, () =>
      HttpResponse.json(
        { errMessage: 'Validation failed', errors: [{ field: 'timeZone', message: 'Choose a time zone' }] },
        { status: 400 },
      ),
    ),
  );
  renderForm();
  const margin = await screen.findByRole('checkbox', { name: 'A margin call covered a short: by text' });
  await userEvent.click(margin);
  await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not save:/);
  expect(margin).toBeChecked();
});

it('shows a failed read with Retry, and texts off without a phone number', async () => {
  server.use(
    http.get(`${API}/notifications/preferences`, () =>
      HttpResponse.json({ errMessage: 'Not found', errors: [] }, { status: 404 }),
    ),
  );
  renderForm();
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByRole('heading')).toHaveTextContent('Could not load your notification settings');
  server.use(http.get(`${API}/notifications/preferences`, () => HttpResponse.json(preferences({}, false))));
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  await waitFor(() =>
    expect(screen.getByRole('checkbox', { name: 'A contest you joined has started: by text' })).toBeDisabled(),
  );
  expect(screen.getByText('Texts need a phone number on your account.')).toBeInTheDocument();
});
