import { useToastStore } from '@bullpen/shared';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useRankToast } from '../src/features/live-contest/hooks/use-rank-toast';
import { API, board, contest, me, sseText } from './fixtures';
import { renderAt, server } from './render';

// Results and insight on the live screen: the benchmark beside my value, whether I am ahead of the market, how scoring works one
// step from the board, and a toast when my rank changes.

const toasts = () => useToastStore.getState().toasts.map((t) => [t.kind, t.message]);

function eventStream(...events: { event: string; data: unknown }[]) {
  const body = new ReadableStream({
    start(controller) {
      setTimeout(() => {
        for (const { event, data } of events) controller.enqueue(new TextEncoder().encode(sseText(event, data)));
      }, 300);
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
}

const PORTFOLIO = me().portfolio as NonNullable<ReturnType<typeof me>['portfolio']>;

const BENCHMARK = {
  name: 'Equal-weight index of the whole universe',
  points: [
    { t: '2026-11-22T10:00:00.000Z', returnPct: 0 },
    { t: '2026-11-22T10:00:05.000Z', returnPct: 0.011 },
  ],
};

function live({ benchmark, stream }: { benchmark: typeof BENCHMARK; stream?: () => Response }) {
  server.use(
    http.post(`${API}/contest/get-contest`, () => HttpResponse.json({ contest: contest() })),
    http.get(`${API}/contest-user/c1`, () => HttpResponse.json({ data: me() })),
    http.get(`${API}/contest/active/c1/portfolio-history`, () =>
      HttpResponse.json({
        points: [
          { t: '2026-11-22T10:00:00.000Z', value: 10_000 },
          { t: '2026-11-22T10:00:05.000Z', value: 10_250 },
        ],
      }),
    ),
    http.get(`${API}/contest/c1/benchmark`, () => HttpResponse.json(benchmark)),
    http.get(`${API}/contest/active/c1`, () =>
      HttpResponse.json(
        board(
          [
            { userId: 'u1', ticker: 'ACE', rank: 1, returnPct: 0.025 },
            { userId: 'u2', ticker: 'BOB', rank: 2, returnPct: -0.01 },
          ],
          '2026-11-22T10:00:00.000Z',
        ),
      ),
    ),
    http.get(`${API}/contest/active/c1/events`, () => (stream ? stream() : new HttpResponse(null, { status: 503 }))),
  );
}

it('says whether I am ahead of the market and draws the benchmark beside my value, named', async () => {
  live({ benchmark: BENCHMARK });
  renderAt('/live-contest/c1');
  const summary = await screen.findByLabelText('My summary');
  await waitFor(() => expect(within(summary).getByText('Ahead of the market by 1.40 pts')).toBeInTheDocument());
  expect(within(summary).getByText('You +2.50%')).toBeInTheDocument();
  expect(within(summary).getByText('Market +1.10%')).toBeInTheDocument();
  const legend = screen.getByRole('list', { name: 'Chart legend' });
  expect(within(legend).getByText('My value')).toBeInTheDocument();
  expect(
    within(legend).getByText('Equal-weight index of the whole universe, from the same starting cash'),
  ).toBeInTheDocument();
});

it('says behind the market when the index did better', async () => {
  live({ benchmark: { ...BENCHMARK, points: [{ t: '2026-11-22T10:00:05.000Z', returnPct: 0.03 }] } });
  const first = renderAt('/live-contest/c1');
  expect(
    await within(await screen.findByLabelText('My summary')).findByText('Behind the market by 0.50 pts'),
  ).toBeInTheDocument();
  first.unmount();
});

it('says both figures and the gap when I trail a flat market by a little', async () => {
  live({ benchmark: { ...BENCHMARK, points: [{ t: '2026-11-22T10:00:05.000Z', returnPct: 0 }] } });
  server.use(
    http.get(`${API}/contest-user/c1`, () =>
      HttpResponse.json({ data: me({ portfolio: { ...PORTFOLIO, value: 9_991, returnPct: -0.0009 } }) }),
    ),
  );
  renderAt('/live-contest/c1');
  const summary = await screen.findByLabelText('My summary');
  expect(await within(summary).findByText('Behind the market by 0.09 pts')).toBeInTheDocument();
  expect(within(summary).getByText('You −0.09%')).toBeInTheDocument();
  expect(within(summary).getByText('Market 0.00%')).toBeInTheDocument();
});

it('explains scoring from the live board in one step, with my row to the cent', async () => {
  live({ benchmark: BENCHMARK });
  renderAt('/live-contest/c1');
  const toggle = await screen.findByText('How scoring works');
  expect(screen.getByText(/share the better rank/)).not.toBeVisible();
  toggle.click();
  await waitFor(() => expect(screen.getByText(/share the better rank/)).toBeVisible());
  expect(screen.getByText('Your row: $10,250.00 ÷ $10,000.00 − 1 = +2.50%, rank #1.')).toBeVisible();
});

it('toasts when the board moves me down a place', async () => {
  live({
    benchmark: BENCHMARK,
    stream: () =>
      eventStream({
        event: 'standings',
        data: {
          contestId: 'c1',
          standings: [
            { rank: 1, userId: 'u2', ticker: 'BOB', affiliation: null, value: 10_500, returnPct: 0.05 },
            { rank: 2, userId: 'u1', ticker: 'ACE', affiliation: null, value: 10_250, returnPct: 0.025 },
          ],
          teams: [],
          total: 2,
          asOf: '2026-11-22T10:00:05.000Z',
        },
      }),
  });
  renderAt('/live-contest/c1');
  await waitFor(() => expect(toasts()).toEqual([['warning', 'You moved down to #2']]));
});

describe('the rank toast', () => {
  const setVisibility = (state: 'hidden' | 'visible') =>
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  afterEach(() => setVisibility('visible'));

  it('says "You moved up to #3" once per tick, nothing for the first board or an unchanged rank', () => {
    const { rerender } = renderHook(({ rank, asOf }) => useRankToast(rank, asOf), {
      initialProps: { rank: 5, asOf: 't1' },
    });
    expect(toasts()).toEqual([]);
    rerender({ rank: 3, asOf: 't2' });
    expect(toasts()).toEqual([['success', 'You moved up to #3']]);
    // A second change within the same tick is not another toast.
    rerender({ rank: 4, asOf: 't2' });
    rerender({ rank: 3, asOf: 't3' });
    expect(toasts()).toEqual([['success', 'You moved up to #3']]);
    rerender({ rank: 6, asOf: 't4' });
    expect(toasts().at(-1)).toEqual(['warning', 'You moved down to #6']);
  });

  it('stays quiet while the tab is hidden, and does not replay what happened then', () => {
    const { rerender } = renderHook(({ rank, asOf }) => useRankToast(rank, asOf), {
      initialProps: { rank: 5, asOf: 't1' },
    });
    act(() => setVisibility('hidden'));
    rerender({ rank: 2, asOf: 't2' });
    expect(toasts()).toEqual([]);
    act(() => setVisibility('visible'));
    rerender({ rank: 2, asOf: 't3' });
    expect(toasts()).toEqual([]);
    rerender({ rank: 1, asOf: 't4' });
    expect(toasts()).toEqual([['success', 'You moved up to #1']]);
  });

  it('is silent for a watcher who has no rank', () => {
    const { rerender } = renderHook(({ rank, asOf }) => useRankToast(rank, asOf), {
      initialProps: { rank: null as number | null, asOf: 't1' },
    });
    rerender({ rank: null, asOf: 't2' });
    expect(toasts()).toEqual([]);
  });
});
