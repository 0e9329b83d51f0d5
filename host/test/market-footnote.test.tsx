import './setup';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, renderAt, SIMULATED_MARKET, server } from './render-app';

// The footer of every page says where prices come from, in the API's words (GET /market/status), and on a market with
// hours its state. With the simulator it reads as it always has.

const MASSIVE = {
  ...SIMULATED_MARKET,
  feed: 'massive',
  label: 'Prices delayed 15 min · Massive',
  delayMinutes: 15,
} as const;

const answer = (status: object) => server.use(http.get(`${API}/market/status`, () => HttpResponse.json(status)));

const footer = () => within(screen.getByRole('contentinfo'));

it('with the simulator: "virtual money, simulated prices", and no state', async () => {
  renderAt('/terms');
  expect(await footer().findByText('Bullpen · virtual money, simulated prices')).toBeInTheDocument();
  expect(footer().getByText(/simulated prices/)).toHaveAttribute(
    'title',
    expect.stringContaining("Bullpen's market simulator"),
  );
});

it.each([
  [
    'open',
    {
      open: true,
      session: { opensAt: '2030-01-07T14:30:00.000Z', closesAt: '2030-01-07T21:00:00.000Z' },
      nextOpenAt: '2030-01-08T14:30:00.000Z',
    },
    'Open · closes 4:00 PM ET',
  ],
  [
    'an early close',
    {
      open: true,
      session: { opensAt: '2030-11-29T14:30:00.000Z', closesAt: '2030-11-29T18:00:00.000Z' },
      nextOpenAt: '2030-12-02T14:30:00.000Z',
    },
    'Early close 1:00 PM ET',
  ],
  [
    'closed',
    { open: false, session: null, nextOpenAt: '2030-01-07T14:30:00.000Z' },
    'Closed · opens Mon Jan 7 9:30 AM ET',
  ],
  ['a holiday', { open: false, holiday: true, session: null, nextOpenAt: '2030-11-29T14:30:00.000Z' }, 'Holiday'],
])('on a delayed real market, %s: where prices come from, then the state', async (_name, state, words) => {
  answer({ ...MASSIVE, ...state });
  renderAt('/terms');
  expect(
    await footer().findByText(`Bullpen · virtual money, prices delayed 15 min · Massive · ${words}`),
  ).toBeInTheDocument();
  expect(footer().queryByText(/simulated/)).not.toBeInTheDocument();
});

it('says nothing it does not know while the API has not answered', async () => {
  server.use(
    http.get(`${API}/market/status`, () => HttpResponse.json({ errMessage: 'No', errors: [] }, { status: 404 })),
  );
  renderAt('/terms');
  expect(await screen.findByRole('heading', { name: 'Terms of use' })).toBeInTheDocument();
  expect(footer().getByText('Bullpen · virtual money')).toBeInTheDocument();
});

it('the terms say where prices come from: the simulator, or Massive 15 minutes behind', async () => {
  renderAt('/terms');
  const prices = within((await screen.findByRole('heading', { name: '4. Prices' })).closest('section') as HTMLElement);
  expect(prices.getByText(/labelled "Simulated prices"/)).toBeInTheDocument();
  expect(prices.getByText(/labelled "Prices delayed 15 min · Massive", are real prices/)).toBeInTheDocument();
  expect(prices.getByText(/never in real time/)).toBeInTheDocument();
});
