import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, board, contest, eventStream, me, SIMULATED_MARKET } from './fixtures';
import { renderAt, server } from './render';

const initial = board(
  [
    { userId: 'u1', ticker: 'ACE', rank: 1, returnPct: 0.02 },
    { userId: 'u2', ticker: 'BOB', rank: 2, returnPct: -0.01 },
  ],
  '2026-11-22T10:00:00.000Z',
);

function live({ stream, joined = true }: { stream: Response | (() => Response); joined?: boolean }) {
  server.use(
    http.post(`${API}/contest/get-contest`, () => HttpResponse.json({ contest: contest() })),
    http.get(`${API}/contest-user/c1`, () =>
      HttpResponse.json({ data: joined ? me() : me({ joined: false, portfolio: null, rank: null, picks: [] }) }),
    ),
    http.get(`${API}/contest/active/c1/portfolio-history`, () => HttpResponse.json({ points: [] })),
    http.get(`${API}/contest/active/c1`, () => HttpResponse.json(initial)),
    http.get(`${API}/contest/active/c1/events`, () => (typeof stream === 'function' ? stream() : stream)),
  );
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Leaderboard' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

it('shows the board, my summary and positions, and follows the stream: the other player overtakes me', async () => {
  live({
    stream: () =>
      eventStream({
        event: 'standings',
        data: {
          contestId: 'c1',
          standings: [
            { rank: 1, userId: 'u2', ticker: 'BOB', affiliation: null, value: 10_500, returnPct: 0.05 },
            { rank: 2, userId: 'u1', ticker: 'ACE', affiliation: null, value: 10_200, returnPct: 0.02 },
          ],
          teams: [],
          total: 2,
          asOf: '2026-11-22T10:00:05.000Z',
        },
      }),
  });
  renderAt('/live-contest/c1');
  expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
  expect(await screen.findByText('Simulated prices')).toBeInTheDocument();
  expect(await screen.findByText('Live updates')).toBeInTheDocument();
  await waitFor(() => expect(rows()[0]).toContain('BOB'));
  expect(rows()[0]).toContain('+5.00%');
  expect(within(screen.getByRole('table', { name: 'Leaderboard' })).getByText('up 1')).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Leaderboard' })).getByText('down 1')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'BOB' })).toHaveAttribute('href', '/profile?userId=u2');
  expect(screen.getByLabelText('My summary')).toHaveTextContent('$10,250.00');
  expect(screen.getByRole('table', { name: 'My positions' })).toHaveTextContent('MSFT');
  expect(screen.getByRole('link', { name: 'Trade' })).toHaveAttribute('href', '/trading/c1');
});

it('follows a stream that sends API.md rows (an API without the compact form) as well', async () => {
  const event = {
    contestId: 'c1',
    standings: [
      { rank: 1, userId: 'u2', ticker: 'BOB', affiliation: null, value: 10_500, returnPct: 0.05 },
      { rank: 2, userId: 'u1', ticker: 'ACE', affiliation: null, value: 10_200, returnPct: 0.02 },
    ],
    teams: [],
    total: 2,
    asOf: '2026-11-22T10:00:05.000Z',
  };
  // A moment after connecting, like the next tick, and then open, as a stream stays.
  const body = () =>
    new ReadableStream({
      start(controller) {
        const text = `event: standings\ndata: ${JSON.stringify(event)}\n\n`;
        setTimeout(() => controller.enqueue(new TextEncoder().encode(text)), 300);
      },
    });
  live({ stream: () => new HttpResponse(body(), { headers: { 'content-type': 'text/event-stream' } }) });
  renderAt('/live-contest/c1');
  await waitFor(() => expect(rows()[0]).toContain('BOB'));
  expect(rows()[0]).toContain('+5.00%');
});

it('shows my analytics beside the board, read again with each board the stream brings', async () => {
  let reads = 0;
  server.use(
    http.get(`${API}/contest/c1/analytics/u1`, () => {
      reads += 1;
      return HttpResponse.json({
        analytics: {
          asOf: reads === 1 ? '2026-11-22T10:00:00.000Z' : '2026-11-22T10:00:05.000Z',
          returnPct: 0.02,
          benchmarkReturnPct: 0.01,
          volatilityPct: reads === 1 ? null : 0.15,
          sharpe: reads === 1 ? null : 0.8,
          maxDrawdownPct: -0.01,
          beta: reads === 1 ? null : 1.1,
          alphaPct: reads === 1 ? null : 0.009,
          sectors: [],
          turnover: 0.5,
          commissions: 4.95,
        },
      });
    }),
  );
  live({
    stream: () =>
      eventStream({
        event: 'standings',
        data: { ...initial, asOf: '2026-11-22T10:00:05.000Z' },
      }),
  });
  renderAt('/live-contest/c1');
  const panel = await screen.findByRole('region', { name: 'Skill figures so far' });
  const sharpe = await within(panel).findByRole('button', { name: 'Sharpe ratio' });
  await waitFor(() => expect(sharpe.closest('div')).toHaveTextContent('0.80'));
  expect(reads).toBe(2);
  expect(within(panel).getByRole('button', { name: 'Commissions paid' }).closest('div')).toHaveTextContent('$4.95');
});

it('falls back to polling when the stream is unavailable', async () => {
  live({ stream: () => new HttpResponse(null, { status: 503 }) });
  renderAt('/live-contest/c1');
  expect(await screen.findByText('Updating every few seconds')).toBeInTheDocument();
  await waitFor(() => expect(rows()[0]).toContain('ACE'));
});

it('reads the board again by itself when the first read raced the start (not live yet)', async () => {
  live({ stream: () => new HttpResponse(null, { status: 503 }), joined: false });
  let reads = 0;
  server.use(
    http.get(`${API}/contest/active/c1`, () => {
      reads += 1;
      return reads === 1
        ? HttpResponse.json({ errMessage: 'The contest is not live (it is upcoming)', errors: [] }, { status: 409 })
        : HttpResponse.json(initial);
    }),
  );
  renderAt('/live-contest/c1');
  await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 4_000 });
  expect(screen.queryByText('Could not load the standings')).toBeNull();
  expect(reads).toBe(2);
});

it('is a read-only leaderboard with an explanation for a non-participant', async () => {
  live({ stream: () => new HttpResponse(null, { status: 503 }), joined: false });
  renderAt('/live-contest/c1');
  expect(await screen.findByRole('note')).toHaveTextContent('You are not playing in this contest');
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect(screen.queryByRole('link', { name: 'Trade' })).toBeNull();
  expect(screen.queryByLabelText('My summary')).toBeNull();
});

it('counts down to the start and links to the details before the contest is live', async () => {
  server.use(
    http.post(`${API}/contest/get-contest`, () =>
      HttpResponse.json({
        contest: contest({ status: 'upcoming', startsAt: new Date(Date.now() + 3_725_000).toISOString() }),
      }),
    ),
  );
  renderAt('/live-contest/c1');
  expect(await screen.findByText('This contest is not live yet. Trading opens when it starts.')).toBeInTheDocument();
  expect(screen.getByText(/^1h 02m \d\ds$/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Contest details' })).toHaveAttribute('href', '/contest-detail/c1');
});

it('goes straight to the results once the contest is completed', async () => {
  server.use(
    http.post(`${API}/contest/get-contest`, () => HttpResponse.json({ contest: contest({ status: 'completed' }) })),
  );
  renderAt('/live-contest/c1');
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/contest-completed/c1'));
});

it('says so for a cancelled or unknown contest', async () => {
  server.use(
    http.post(`${API}/contest/get-contest`, () =>
      HttpResponse.json({ errMessage: 'Contest not found', errors: [] }, { status: 404 }),
    ),
  );
  renderAt('/trading/c1');
  expect(await screen.findByRole('heading', { name: 'Contest not found' })).toBeInTheDocument();
});

it('pauses the live stream while the tab is hidden and reconnects when it is shown again', async () => {
  let connections = 0;
  live({
    stream: () => {
      connections += 1;
      return eventStream({ event: 'prices', data: { prices: [], asOf: new Date().toISOString() } });
    },
  });
  renderAt('/live-contest/c1');
  expect(await screen.findByText('Live updates')).toBeInTheDocument();
  expect(connections).toBe(1);

  const setVisibility = (state: 'hidden' | 'visible') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  act(() => setVisibility('hidden'));
  expect(await screen.findByText('Paused while hidden')).toBeInTheDocument();
  expect(connections).toBe(1);

  act(() => setVisibility('visible'));
  expect(await screen.findByText('Live updates')).toBeInTheDocument();
  expect(connections).toBe(2);
});

it('says so when the browser goes offline, never calling the frozen board live, and reconnects when it is back', async () => {
  let connections = 0;
  live({
    stream: () => {
      connections += 1;
      return eventStream({ event: 'prices', data: { prices: [], asOf: new Date().toISOString() } });
    },
  });
  renderAt('/live-contest/c1');
  expect(await screen.findByText('Live updates')).toBeInTheDocument();
  const setOnline = (online: boolean) => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  try {
    act(() => setOnline(false));
    expect(
      await screen.findByText('Offline: these are the last prices seen; updates resume when you reconnect'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Live updates')).not.toBeInTheDocument();
    // The board stays on screen with its last values.
    expect(await screen.findByRole('table', { name: 'Leaderboard' })).toBeInTheDocument();
    const before = connections;
    act(() => setOnline(true));
    expect(await screen.findByText('Live updates')).toBeInTheDocument();
    expect(connections).toBe(before + 1);
  } finally {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  }
});

describe('where prices come from and the market state', () => {
  const massive = (state: object) =>
    server.use(
      http.get(`${API}/market/status`, () =>
        HttpResponse.json({
          ...SIMULATED_MARKET,
          feed: 'massive',
          label: 'Prices delayed 15 min · Massive',
          delayMinutes: 15,
          ...state,
        }),
      ),
    );
  const prices = () => eventStream({ event: 'prices', data: { prices: [], asOf: new Date().toISOString() } });

  it('with the simulator: "Simulated prices", no market state, live updates', async () => {
    live({ stream: prices });
    renderAt('/live-contest/c1');
    expect(await screen.findByText('Simulated prices')).toBeInTheDocument();
    expect(await screen.findByText('Live updates')).toBeInTheDocument();
    expect(screen.queryByText(/^(Open|Closed|Holiday|Early close)/)).not.toBeInTheDocument();
  });

  it('a closed market: the board says why nothing moves, and when it opens', async () => {
    live({ stream: prices });
    massive({ open: false, session: null, nextOpenAt: '2030-01-07T14:30:00.000Z' });
    renderAt('/live-contest/c1');
    expect(await screen.findByText('Prices delayed 15 min · Massive')).toBeInTheDocument();
    expect(screen.getByText('Closed · opens Mon Jan 7 9:30 AM ET')).toBeInTheDocument();
    expect(await screen.findByText('Market closed: prices and standings move again when it opens')).toBeInTheDocument();
    expect(screen.queryByText('Live updates')).not.toBeInTheDocument();
    expect(screen.queryByText('Simulated prices')).not.toBeInTheDocument();
    // The status dot beside it is grey, not the green of prices that move.
    const dot = screen.getByText('Market closed: prices and standings move again when it opens').previousElementSibling;
    expect(dot).toHaveTextContent('●');
    expect(dot).toHaveClass('bp-muted');
  });

  it('a holiday says so', async () => {
    live({ stream: prices });
    massive({ open: false, holiday: true, session: null, nextOpenAt: '2030-11-29T14:30:00.000Z' });
    renderAt('/live-contest/c1');
    expect(await screen.findByText('Holiday')).toBeInTheDocument();
    expect(screen.getByText('Market closed: prices and standings move again when it opens')).toBeInTheDocument();
  });

  it('an open market says when it closes, and the board is live', async () => {
    live({ stream: prices });
    massive({
      open: true,
      session: { opensAt: '2030-01-07T14:30:00.000Z', closesAt: '2030-01-07T21:00:00.000Z' },
      nextOpenAt: '2030-01-08T14:30:00.000Z',
    });
    renderAt('/live-contest/c1');
    expect(await screen.findByText('Open · closes 4:00 PM ET')).toBeInTheDocument();
    expect(await screen.findByText('Live updates')).toBeInTheDocument();
  });
});
