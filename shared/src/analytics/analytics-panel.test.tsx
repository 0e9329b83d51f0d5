import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import { setRuntimeConfig } from '../config/runtime-config';
import type { Analytics } from '@bullpen/contract';
import { AnalyticsPanel } from '.';

jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token' } } })),
}));

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() =>
  setRuntimeConfig({
    apiHost: API,
    auth: { region: 'us-east-1', userPoolId: 'us-east-1_Test', userPoolClientId: 'client' },
    remotes: { auth: '', contests: '', trading: '', profile: '' },
  }),
);
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ANALYTICS: Analytics = {
  asOf: '2026-11-22T10:00:00.000Z',
  returnPct: 0.0823,
  benchmarkReturnPct: 0.031,
  volatilityPct: 0.184,
  sharpe: 1.42,
  maxDrawdownPct: -0.0654,
  beta: 0.87,
  alphaPct: -0.0123,
  sectors: [
    { sector: 'Technology', value: 60_000, weight: 0.6 },
    { sector: 'Energy', value: -25_000, weight: 0.25 },
    { sector: 'Health Care', value: 15_000, weight: 0.15 },
  ],
  turnover: 1.25,
  commissions: 49.5,
};

const answer = (body: Record<string, unknown>, status = 200) =>
  server.use(http.get(`${API}/contest/c1/analytics/u1`, () => HttpResponse.json(body, { status })));

const renderPanel = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AnalyticsPanel contestId="c1" userId="u1" title="Your analytics" />
    </SWRConfig>,
  );

const figure = (term: string) => {
  const name = screen.getByRole('button', { name: term });
  return name.closest('div') as HTMLElement;
};

it('says it is loading, then shows every figure with its value', async () => {
  answer({ analytics: ANALYTICS });
  renderPanel();
  expect(screen.getByRole('status')).toHaveTextContent('Loading analytics…');
  const panel = await screen.findByRole('region', { name: 'Your analytics' });
  await within(panel).findByRole('button', { name: 'Sharpe ratio' });
  expect(figure('Return vs market')).toHaveTextContent('+8.23%Market +3.10% · +5.13 pts vs market');
  expect(figure('Sharpe ratio')).toHaveTextContent('1.42');
  expect(figure('Max drawdown')).toHaveTextContent('−6.54%');
  expect(figure('Beta')).toHaveTextContent('0.87');
  expect(figure('Alpha')).toHaveTextContent('−1.23%');
  expect(figure('Volatility')).toHaveTextContent('18.40%');
  expect(figure('Commissions paid')).toHaveTextContent('$49.50');
  expect(figure('Turnover')).toHaveTextContent('1.25×of starting cash');
});

it('explains each figure on hover and on keyboard focus, and Escape closes the explanation', async () => {
  answer({ analytics: ANALYTICS });
  renderPanel();
  const sharpe = await screen.findByRole('button', { name: 'Sharpe ratio' });
  expect(sharpe).toHaveAccessibleDescription(
    'Return above the market per unit of risk, annualised: higher is better, above 1 is good.',
  );
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

  const user = userEvent.setup();
  await user.hover(screen.getByRole('button', { name: 'Beta' }));
  expect(screen.getByRole('tooltip')).toHaveTextContent('How much the portfolio moves with the market');
  await user.unhover(screen.getByRole('button', { name: 'Beta' }));
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

  // Tab from the first figure's name to the second's.
  await user.tab();
  expect(screen.getByRole('button', { name: 'Return vs market' })).toHaveFocus();
  await user.tab();
  expect(sharpe).toHaveFocus();
  expect(screen.getByRole('tooltip')).toHaveTextContent('Return above the market per unit of risk');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
});

it('draws sector exposure as bars, long and short told apart in words as well as colour', async () => {
  answer({ analytics: ANALYTICS });
  renderPanel();
  const chart = await screen.findByRole('figure', { name: 'Sector exposure' });
  const bars = within(chart).getAllByRole('listitem');
  expect(bars.map((bar) => bar.textContent)).toEqual([
    'TechnologyLong 60.0% of gross exposure, $60,000.00',
    'EnergyShort 25.0% of gross exposure, $25,000.00',
    'Health CareLong 15.0% of gross exposure, $15,000.00',
  ]);
  expect(bars[1]).toHaveClass('bp-analytics__bar--short');
  expect(bars[0]).toHaveClass('bp-analytics__bar--long');
});

it('says which figures need a trading day of prices instead of a bare dash, and an all-cash portfolio has no sectors', async () => {
  answer({
    analytics: { ...ANALYTICS, sharpe: null, beta: null, alphaPct: null, volatilityPct: null, sectors: [] },
  });
  renderPanel();
  await screen.findByRole('button', { name: 'Sharpe ratio' });
  for (const term of ['Sharpe ratio', 'Beta', 'Alpha', 'Volatility']) {
    expect(figure(term)).toHaveTextContent('Needs a trading day');
  }
  expect(figure('Max drawdown')).toHaveTextContent('−6.54%');
  expect(screen.getByText('No positions: everything is in cash.')).toBeInTheDocument();
});

it('explains a refusal (another player while live) without an error', async () => {
  answer({ statusCode: 403, message: 'Only your own analytics while the contest is live' }, 403);
  renderPanel();
  expect(
    await screen.findByText(/While a contest is live, each player sees only their own analytics/),
  ).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('shows a failed read with the API’s message and reads again on Try again', async () => {
  answer({ statusCode: 404, message: 'Contest not found' }, 404);
  renderPanel();
  expect(await screen.findByRole('alert')).toHaveTextContent('The analytics could not be loaded: Contest not found');
  answer({ analytics: ANALYTICS });
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: 'Sharpe ratio' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
