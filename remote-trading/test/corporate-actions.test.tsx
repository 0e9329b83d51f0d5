import type { ContestUser } from '@bullpen/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { splitWords } from '../src/features/live-contest/components/corporate-actions';
import { API, contest, equity, me } from './fixtures';
import { renderAt, server } from './render';

jest.setTimeout(20_000);

// The fourth release's splits and dividends in the player's history on the trading screen (API.md "Corporate
// actions"), against a fake API that answers as the real one does.

function api(state: ContestUser) {
  server.use(
    http.post(`${API}/contest/get-contest`, () => HttpResponse.json({ contest: contest() })),
    http.get(`${API}/contest-user/c1`, () => HttpResponse.json({ data: state })),
    http.post(`${API}/equity/get-equities`, () =>
      HttpResponse.json({ equities: [equity('AAPL', 57.6, 'Apple Inc.'), equity('MSFT', 273.5, 'Microsoft')] }),
    ),
    http.get(`${API}/equity/:symbol/history`, ({ params }) => HttpResponse.json({ symbol: params.symbol, points: [] })),
    http.get(`${API}/contest/active/c1/portfolio-history`, () => HttpResponse.json({ points: [] })),
    http.get(`${API}/contest/active/c1`, () =>
      HttpResponse.json({ contest: contest(), standings: [], teams: [], total: 0, asOf: new Date().toISOString() }),
    ),
    http.get(`${API}/contest/active/c1/events`, () => new HttpResponse(null, { status: 503 })),
    http.get(`${API}/contest/c1/orders`, () => HttpResponse.json({ orders: [] })),
  );
}

const history = async () =>
  within(await screen.findByRole('list', { name: 'Splits and dividends' }, { timeout: 5_000 }));

it('shows each split and dividend as a line of the history, newest first, a short paying its dividend', async () => {
  api(
    me({
      actions: [
        {
          type: 'dividend',
          symbol: 'MSFT',
          date: '2030-01-10',
          ratio: null,
          perShare: 0.5,
          quantityBefore: -7,
          quantityAfter: -7,
          cash: -3.5,
        },
        {
          type: 'dividend',
          symbol: 'AAPL',
          date: '2030-01-10',
          ratio: null,
          perShare: 0.24,
          quantityBefore: 40,
          quantityAfter: 40,
          cash: 9.6,
        },
        {
          type: 'split',
          symbol: 'MSFT',
          date: '2030-01-09',
          ratio: 1.5,
          perShare: null,
          quantityBefore: 11,
          quantityAfter: 16,
          cash: 136.83,
        },
        {
          type: 'split',
          symbol: 'AAPL',
          date: '2030-01-09',
          ratio: 4,
          perShare: null,
          quantityBefore: 10,
          quantityAfter: 40,
          cash: 0,
        },
      ],
    }),
  );
  renderAt('/trading/c1');
  const lines = (await history()).getAllByRole('listitem').map((item) => item.textContent);
  expect(lines).toEqual([
    '2030-01-10 · MSFT Dividend $0.50 × −7 = −$3.50',
    '2030-01-10 · AAPL Dividend $0.24 × 40 = $9.60',
    '2030-01-09 · MSFT Split 3-for-2: 11 → 16 shares, $136.83 for the fraction',
    '2030-01-09 · AAPL Split 4-for-1: 10 → 40 shares',
  ]);
  expect(screen.getByText('Split 4-for-1: 10 → 40 shares')).toBeInTheDocument();
  expect(screen.getByText('Dividend $0.24 × 40 = $9.60')).toBeInTheDocument();
  expect(screen.getByText('Dividend $0.50 × −7 = −$3.50')).toBeInTheDocument();
});

it('shows no such lines when there are none, or when the server sends none (before real markets)', async () => {
  const { actions: _none, ...older } = me({ actions: [] });
  api(older as ContestUser);
  renderAt('/trading/c1');
  expect(await screen.findByRole('region', { name: 'Trade history' }, { timeout: 5_000 })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Splits and dividends' })).not.toBeInTheDocument();
});

it('names a split by the whole numbers it is announced in', () => {
  expect(splitWords(4)).toBe('4-for-1');
  expect(splitWords(1.5)).toBe('3-for-2');
  expect(splitWords(0.1)).toBe('1-for-10');
  expect(splitWords(0.5)).toBe('1-for-2');
});
