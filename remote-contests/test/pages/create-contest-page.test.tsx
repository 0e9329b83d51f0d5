import { screen, within } from '@testing-library/react';
import CreateContestPage from '../../src/app/pages/create-contest-page';
import { API, apiError, http, reply, sent, server } from '../api-mock';
import { makeContest } from '../fixtures';
import { renderPage, resetStores, signIn, toasts } from '../render';

const renderCreate = () => renderPage(<CreateContestPage />, { pattern: '/create-contest', path: '/create-contest' });

beforeEach(() => {
  resetStores();
  signIn();
});

it('shows the dates as local date-time pickers with the time zone, and sensible defaults', () => {
  renderCreate();
  const starts = screen.getByLabelText('Starts');
  expect(starts).toHaveAttribute('type', 'datetime-local');
  expect(screen.getByLabelText('Ends')).toHaveAttribute('type', 'datetime-local');
  expect(screen.getAllByText(/^Your time zone: .+/)).toHaveLength(2);
  expect(screen.getByLabelText('Picks per player')).toHaveValue(5);
  expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();
});

it('validates on the client with the shared schema and sends nothing while fields are wrong', async () => {
  const { user } = renderCreate();
  await user.type(screen.getByLabelText('Name'), 'ab');
  await user.clear(screen.getByLabelText('Picks per player'));
  await user.type(screen.getByLabelText('Picks per player'), '12');
  await user.clear(screen.getByLabelText('Starting cash (USD)'));
  await user.type(screen.getByLabelText('Starting cash (USD)'), '500');
  await user.click(screen.getByRole('button', { name: 'Create contest' }));

  expect(screen.getByText('Name: at least 3 characters')).toBeInTheDocument();
  expect(screen.getByText('Picks: at most 10')).toBeInTheDocument();
  expect(screen.getByText('Starting cash: at least $1,000')).toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('Please fix 3 highlighted fields.')).toBeInTheDocument();
  expect(sent('/contest/create-contest')).toHaveLength(0);

  // Errors follow the typing once the user has tried to submit.
  await user.type(screen.getByLabelText('Name'), 'c');
  expect(screen.queryByText('Name: at least 3 characters')).not.toBeInTheDocument();
});

it('a refused submit brings the first invalid field, in the form’s order, into view and focuses it', async () => {
  const scrolled: Element[] = [];
  const scrollIntoView = jest.fn(function (this: Element) {
    scrolled.push(this);
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value: scrollIntoView });
  try {
    const { user } = renderCreate();
    await user.clear(screen.getByLabelText('Max participants'));
    await user.type(screen.getByLabelText('Max participants'), '1');
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    // The name (empty) comes before max participants on the form.
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(scrolled).toEqual([screen.getByLabelText('Name')]);

    await user.type(screen.getByLabelText('Name'), 'Fixed name');
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    expect(screen.getByLabelText('Max participants')).toHaveFocus();
    expect(scrolled.at(-1)).toBe(screen.getByLabelText('Max participants'));
    expect(sent('/contest/create-contest')).toHaveLength(0);
  } finally {
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
  }
});

it('takes the focus to the field the server refused', async () => {
  server.use(
    http.post(`${API}/contest/create-contest`, () =>
      apiError(400, 'Invalid contest', [{ field: 'affiliations.1', message: 'Team names must be different' }]),
    ),
  );
  const { user } = renderCreate();
  await user.type(screen.getByLabelText('Name'), 'Server says no');
  await user.click(screen.getByRole('button', { name: 'Create contest' }));
  expect(await screen.findByText('Team names must be different')).toBeInTheDocument();
  expect(screen.getByLabelText('Teams (affiliations)')).toHaveFocus();
}, 20_000);

it('treats team names that differ only by invisible characters or width as the same team', async () => {
  const { user } = renderCreate();
  const teamInput = screen.getByLabelText('Teams (affiliations)');
  await user.type(teamInput, 'ZeroWidth{Enter}');
  await user.click(teamInput);
  await user.paste('Zero\u200bWidth');
  await user.click(screen.getByRole('button', { name: 'Add team' }));
  expect(screen.getByRole('alert')).toHaveTextContent('“ZeroWidth” is already a team');
  await user.clear(teamInput);
  await user.paste('Ｚｅｒｏ\u2060Ｗｉｄｔｈ');
  await user.keyboard('{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent('“ZeroWidth” is already a team');
  // A new name is added as it will be stored.
  await user.clear(teamInput);
  await user.paste('Ｂｅａｒｓ\u200b!');
  await user.keyboard('{Enter}');
  const chips = within(screen.getByRole('list', { name: 'Teams' })).getAllByRole('listitem');
  expect(chips.map((chip) => chip.firstChild?.textContent)).toEqual(['ZeroWidth', 'Bears!']);
});

it('warns early when the start is too soon (a hint from the demo limits)', async () => {
  const { user } = renderCreate();
  await user.type(screen.getByLabelText('Name'), 'Quick one');
  const past = new Date(Date.now() - 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${past.getFullYear()}-${pad(past.getMonth() + 1)}-${pad(past.getDate())}T${pad(past.getHours())}:${pad(past.getMinutes())}`;
  await user.clear(screen.getByLabelText('Starts'));
  await user.type(screen.getByLabelText('Starts'), local);
  await user.click(screen.getByRole('button', { name: 'Create contest' }));
  expect(screen.getByText('The start must be at least 30 seconds from now')).toBeInTheDocument();
  expect(sent('/contest/create-contest')).toHaveLength(0);
});

it('derives team collaboration from the affiliations editor — there is no separate switch', async () => {
  const { user } = renderCreate();
  expect(screen.getByTestId('team-collaboration')).toHaveTextContent('Team collaboration: No — solo contest');
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

  const teamInput = screen.getByLabelText('Teams (affiliations)');
  await user.type(teamInput, 'Bulls{Enter}');
  await user.type(teamInput, 'Bears');
  await user.click(screen.getByRole('button', { name: 'Add team' }));
  expect(within(screen.getByRole('list', { name: 'Teams' })).getAllByRole('listitem')).toHaveLength(2);
  expect(screen.getByTestId('team-collaboration')).toHaveTextContent('Team collaboration: Yes — 2 teams');

  await user.type(teamInput, 'bulls{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent('“bulls” is already a team');

  await user.click(screen.getByRole('button', { name: 'Remove team Bulls' }));
  await user.click(screen.getByRole('button', { name: 'Remove team Bears' }));
  expect(screen.getByTestId('team-collaboration')).toHaveTextContent('Team collaboration: No — solo contest');
});

it('creates the contest with the derived flag and goes to the confirmation', async () => {
  server.use(
    http.post(`${API}/contest/create-contest`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      return reply({
        data: makeContest({ _id: 'c-new', name: body.name as string, affiliations: body.affiliations as string[] }),
      });
    }),
  );
  const { user } = renderCreate();
  await user.type(screen.getByLabelText('Name'), '  Team Tussle ');
  await user.type(screen.getByLabelText('Description'), 'Bulls against bears');
  await user.click(screen.getByText('Private'));
  expect(screen.getByRole('radio', { name: 'Private' })).toBeChecked();
  await user.type(screen.getByLabelText('Teams (affiliations)'), 'Bulls{Enter}');
  await user.click(screen.getByRole('button', { name: 'Create contest' }));
  // One team is no collaboration: said on the field, and nothing is sent.
  expect(await screen.findByText('A team collaboration needs at least two teams')).toBeInTheDocument();
  expect(sent('/contest/create-contest')).toEqual([]);
  await user.type(screen.getByLabelText('Teams (affiliations)'), 'Bears{Enter}');
  await user.click(screen.getByRole('button', { name: 'Create contest' }));

  expect(await screen.findByTestId('location')).toHaveTextContent('/contest-confirmed/c-new');
  const [call] = sent('/contest/create-contest');
  expect(call?.body).toMatchObject({
    name: 'Team Tussle',
    description: 'Bulls against bears',
    picksCount: 5,
    startingCash: 100_000,
    maxParticipants: 50,
    visibility: 'private',
    affiliations: ['Bulls', 'Bears'],
    isTeamCollaboration: true,
  });
  const body = call?.body as { startsAt: string; endsAt: string };
  expect(new Date(body.startsAt).toISOString()).toBe(body.startsAt);
  expect(Date.parse(body.endsAt)).toBeGreaterThan(Date.parse(body.startsAt));
});

it('shows the server’s field errors on the fields, and no toast repeating them', async () => {
  server.use(
    http.post(`${API}/contest/create-contest`, () =>
      apiError(400, 'Invalid contest', [
        { field: 'startsAt', message: 'The start must be at least 5 minutes from now' },
      ]),
    ),
  );
  const { user } = renderCreate();
  await user.type(screen.getByLabelText('Name'), 'Server says no');
  await user.click(screen.getByRole('button', { name: 'Create contest' }));
  expect(await screen.findByText('The start must be at least 5 minutes from now')).toBeInTheDocument();
  expect(screen.getByLabelText('Starts')).toHaveAttribute('aria-invalid', 'true');
  // One message, where the user is looking: on the field, not also in a toast.
  expect(toasts()).toEqual([]);
  expect(screen.getByRole('button', { name: 'Create contest' })).toBeEnabled();
});

describe('trading rules', () => {
  it('start at today’s game, each with its default and what it does', () => {
    renderCreate();
    const rules = screen.getByRole('region', { name: 'Trading rules' });
    expect(within(rules).getByRole('radio', { name: 'Not allowed' })).toBeChecked();
    expect(within(rules).getByRole('group', { name: 'Short selling' })).toHaveAccessibleDescription(
      'Default: not allowed. When allowed, players may sell shares they do not hold and buy them back later.',
    );
    expect(within(rules).getByLabelText('Commission per trade (USD)')).toHaveValue(0);
    expect(within(rules).getByLabelText('Commission per trade (USD)')).toHaveAccessibleDescription(
      'Default: $0 (no commission). Charged on every trade, up to $50.',
    );
    expect(within(rules).getByLabelText('Commission per share (USD)')).toHaveValue(0);
    const cap = within(rules).getByLabelText('Maximum position (%)');
    expect(cap).toHaveValue(null);
    expect(cap).toHaveAttribute('placeholder', 'No cap');
    expect(cap).toHaveAccessibleDescription(
      'Default: empty, no cap. 5–100%: no buy or short may take one stock above this share of the portfolio.',
    );
  });

  it('are checked with the server’s messages before anything is sent, and clear as they are fixed', async () => {
    const { user } = renderCreate();
    await user.type(screen.getByLabelText('Name'), 'Costly');
    await user.clear(screen.getByLabelText('Commission per trade (USD)'));
    await user.type(screen.getByLabelText('Commission per trade (USD)'), '60');
    await user.type(screen.getByLabelText('Maximum position (%)'), '2');
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    expect(screen.getByText('Commission per trade: at most $50')).toBeInTheDocument();
    expect(screen.getByText('Maximum position: at least 5%')).toBeInTheDocument();
    expect(screen.getByLabelText('Commission per trade (USD)')).toHaveFocus();
    expect(screen.getByText('Please fix 2 highlighted fields.')).toBeInTheDocument();
    expect(sent('/contest/create-contest')).toHaveLength(0);

    await user.type(screen.getByLabelText('Maximum position (%)'), '5');
    expect(screen.queryByText('Maximum position: at least 5%')).not.toBeInTheDocument();
    expect(screen.getByText('Please fix the highlighted field.')).toBeInTheDocument();
  });

  it('are sent as chosen: short selling, $4.95 a trade, at most 25% in one stock', async () => {
    server.use(http.post(`${API}/contest/create-contest`, () => reply({ data: makeContest({ _id: 'c-new' }) })));
    const { user } = renderCreate();
    await user.type(screen.getByLabelText('Name'), 'Rules of the game');
    await user.click(screen.getByText('Allowed'));
    await user.clear(screen.getByLabelText('Commission per trade (USD)'));
    await user.type(screen.getByLabelText('Commission per trade (USD)'), '4.95');
    await user.type(screen.getByLabelText('Maximum position (%)'), '25');
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/contest-confirmed/c-new');
    expect(sent('/contest/create-contest')[0]?.body).toMatchObject({
      rules: { shortSelling: true, commission: { perTrade: 4.95, perShare: 0 }, maxPositionPct: 25 },
    });
  });

  it('shows the server’s refusal of a rule on its field', async () => {
    server.use(
      http.post(`${API}/contest/create-contest`, () =>
        apiError(400, 'Invalid contest', [
          { field: 'rules.commission.perShare', message: 'Commission per share: at most $1' },
        ]),
      ),
    );
    const { user } = renderCreate();
    await user.type(screen.getByLabelText('Name'), 'Server says no');
    await user.click(screen.getByRole('button', { name: 'Create contest' }));
    expect(await screen.findByText('Commission per share: at most $1')).toBeInTheDocument();
    expect(screen.getByLabelText('Commission per share (USD)')).toHaveFocus();
    expect(toasts()).toEqual([]);
  });
});
