import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, board, contest, me } from './fixtures';
import { renderAt, server } from './render';

// A board of 10,000 players where I (u1, ACE) am 4,321st: the board response carries the top 100 and my row.
const TOTAL = 10_000;
const player = (rank: number) => ({ userId: `p${rank}`, ticker: `P${rank}`, rank, returnPct: 0.1 - rank / 100_000 });
const ME_ROW = { userId: 'u1', ticker: 'ACE', rank: 4_321, returnPct: -0.01 };
const top = Array.from({ length: 100 }, (_, index) => player(index + 1));
const bounded = { ...board([...top, ME_ROW], '2026-11-22T10:00:00.000Z'), total: TOTAL };

const page = (offset: number, rows = 50) => ({
  standings: Array.from({ length: rows }, (_, index) => {
    const rank = offset + index + 1;
    const row = rank === ME_ROW.rank ? ME_ROW : player(rank);
    return { ...row, affiliation: null, value: 10_000 * (1 + row.returnPct) };
  }),
  total: TOTAL,
  offset,
  asOf: '2026-11-22T10:00:00.000Z',
});

/** The standings pages asked for, as their query strings. */
let asked: string[] = [];

function live(
  standingsPage: (url: URL) => Response = (url) => {
    const around = url.searchParams.get('around') === 'me';
    return HttpResponse.json(page(around ? 4_295 : Number(url.searchParams.get('offset'))));
  },
) {
  asked = [];
  server.use(
    http.post(`${API}/contest/get-contest`, () => HttpResponse.json({ contest: contest() })),
    http.get(`${API}/contest-user/c1`, () => HttpResponse.json({ data: me({ rank: ME_ROW.rank }) })),
    http.get(`${API}/contest/active/c1/portfolio-history`, () => HttpResponse.json({ points: [] })),
    http.get(`${API}/contest/active/c1`, () => HttpResponse.json(bounded)),
    http.get(`${API}/contest/active/c1/events`, () => new HttpResponse(null, { status: 503 })),
    http.get(`${API}/contest/c1/standings`, ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      return standingsPage(url);
    }),
  );
}

const table = () => screen.getByRole('table', { name: 'Leaderboard' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

it('shows the top 100 of 10,000 players and my own row after a gap, highlighted', async () => {
  live();
  renderAt('/live-contest/c1');
  expect(await screen.findByText('Top 100 of 10,000 players')).toBeInTheDocument();
  const rows = bodyRows();
  expect(rows).toHaveLength(102); // 100, the gap, mine
  expect(rows[0]).toHaveTextContent('#1');
  expect(rows[99]).toHaveTextContent('#100');
  expect(rows[100]).toHaveTextContent('More players not shown here');
  expect(rows[101]).toHaveTextContent('#4321');
  expect(rows[101]).toHaveTextContent('ACE (you)');
  expect(rows[101]).toHaveAttribute('aria-current', 'true');
  expect(asked).toEqual([]);
});

it('jumps to the page around me and focuses my row', async () => {
  live();
  renderAt('/live-contest/c1');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Jump to me' }));
  expect(await screen.findByText(/Rows 4,296–4,345 of 10,000 players, as of/)).toBeInTheDocument();
  expect(asked).toEqual(['?limit=50&around=me']);
  const mine = within(table()).getByRole('row', { current: true });
  expect(mine).toHaveTextContent('#4321');
  await waitFor(() => expect(mine).toHaveFocus());
  expect(bodyRows()).toHaveLength(50); // my row is in the page: no gap, no second copy
  expect(within(table()).queryByText('More players not shown here')).toBeNull();
});

it('pages on from the top with Next and back with Previous', async () => {
  live();
  renderAt('/live-contest/c1');
  const user = userEvent.setup();
  const pages = await screen.findByRole('navigation', { name: 'Leaderboard pages' });
  expect(within(pages).getByRole('button', { name: 'Previous 50' })).toBeDisabled();

  await user.click(within(pages).getByRole('button', { name: 'Next 50' }));
  expect(await screen.findByText(/Rows 101–150 of 10,000 players/)).toBeInTheDocument();
  expect(bodyRows()[0]).toHaveTextContent('#101');
  // My row stays on screen below the page.
  expect(bodyRows().at(-1)).toHaveTextContent('#4321');

  await user.click(within(pages).getByRole('button', { name: 'Next 50' }));
  expect(await screen.findByText(/Rows 151–200 of 10,000 players/)).toBeInTheDocument();

  await user.click(within(pages).getByRole('button', { name: 'Previous 50' }));
  expect(await screen.findByText(/Rows 101–150 of 10,000 players/)).toBeInTheDocument();
  // The page comes back from the cache at once and is read again just after (SWR defers that to the next frame): wait
  // for it, or a quick enough click leaves the page before it asks.
  await waitFor(() => expect(asked).toHaveLength(3));

  await user.click(within(pages).getByRole('button', { name: 'Previous 50' }));
  expect(await screen.findByText('Top 100 of 10,000 players')).toBeInTheDocument();
  expect(asked).toEqual(['?offset=100&limit=50', '?offset=150&limit=50', '?offset=100&limit=50']);
});

it('says so when a page cannot be loaded, and tries again', async () => {
  let fail = true;
  live((url) =>
    fail
      ? HttpResponse.json({ errMessage: 'The board is busy', errors: [] }, { status: 409 })
      : HttpResponse.json(page(Number(url.searchParams.get('offset')))),
  );
  renderAt('/live-contest/c1');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Next 50' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('These rows could not be loaded: The board is busy');
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText(/Rows 101–150 of 10,000 players/)).toBeInTheDocument();
});

it('shows a loading state while a page is read', async () => {
  let answer: (() => void) | undefined;
  live(
    (url) =>
      new Promise<Response>((resolve) => {
        answer = () => resolve(HttpResponse.json(page(Number(url.searchParams.get('offset')))));
      }) as unknown as Response,
  );
  renderAt('/live-contest/c1');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Next 50' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Loading rows…');
  await waitFor(() => expect(answer).toBeDefined());
  answer?.();
  expect(await screen.findByText(/Rows 101–150/)).toBeInTheDocument();
});

it('says a board with nobody on it has no players', async () => {
  live();
  server.use(
    http.get(`${API}/contest/active/c1`, () =>
      HttpResponse.json({ ...board([], '2026-11-22T10:00:00.000Z'), total: 0 }),
    ),
  );
  renderAt('/live-contest/c1');
  expect(await screen.findByText('No players in this contest.')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Leaderboard pages' })).toBeNull();
});
