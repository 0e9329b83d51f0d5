import type { MarketStatusResponse } from '@bullpen/contract';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import { setRuntimeConfig } from '../config/runtime-config';
import { defaultSwrConfig } from '../api/swr';
import { marketStatusRefreshMs, useMarketWords } from '.';

jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn(async () => ({ tokens: undefined })) }));

// One read of GET /market/status per page, through the real API client against a test server, however many screens
// say what it tells; and read again only when the state it tells changes.

const API = 'http://api.test';
const server = setupServer();
let reads = 0;
server.events.on('request:start', ({ request }) => {
  if (new URL(request.url).pathname === '/market/status') reads++;
});

const SIMULATED: MarketStatusResponse = {
  feed: 'simulated',
  label: 'Simulated prices',
  delayMinutes: 0,
  open: true,
  session: null,
  nextOpenAt: null,
  holiday: false,
  timeZone: 'America/New_York',
};
const OPEN: MarketStatusResponse = {
  ...SIMULATED,
  feed: 'massive',
  label: 'Prices delayed 15 min · Massive',
  delayMinutes: 15,
  session: { opensAt: '2030-01-07T14:30:00.000Z', closesAt: '2030-01-07T21:00:00.000Z' },
  nextOpenAt: '2030-01-08T14:30:00.000Z',
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reads = 0;
  setRuntimeConfig({
    apiHost: API,
    auth: { region: 'us-east-1', userPoolId: 'us-east-1_Test', userPoolClientId: 'client' },
    remotes: { auth: '', contests: '', trading: '', profile: '' },
  });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Words({ name }: { name: string }) {
  const market = useMarketWords();
  return <p>{market ? `${name}: ${market.label}${market.state ? ` · ${market.state}` : ''}` : `${name}: …`}</p>;
}

const page = () =>
  render(
    <SWRConfig value={{ ...defaultSwrConfig, provider: () => new Map() }}>
      <Words name="footer" />
      <Words name="board" />
      <Words name="ticket" />
    </SWRConfig>,
  );

it('is read once for every screen of the page; the simulator has no state to say', async () => {
  server.use(http.get(`${API}/market/status`, () => HttpResponse.json(SIMULATED)));
  page();
  expect(await screen.findByText('footer: Simulated prices')).toBeInTheDocument();
  expect(screen.getByText('board: Simulated prices')).toBeInTheDocument();
  expect(screen.getByText('ticket: Simulated prices')).toBeInTheDocument();
  expect(reads).toBe(1);
});

it('a market with hours says its state everywhere, from that one read', async () => {
  server.use(http.get(`${API}/market/status`, () => HttpResponse.json(OPEN)));
  page();
  expect(
    await screen.findByText('board: Prices delayed 15 min · Massive · Open · closes 4:00 PM ET'),
  ).toBeInTheDocument();
  expect(reads).toBe(1);
});

describe('when it is read again', () => {
  const now = Date.parse('2030-01-07T20:00:00.000Z');
  it('never on the simulator: its state does not change', () => {
    expect(marketStatusRefreshMs(SIMULATED, now)).toBe(0);
    expect(marketStatusRefreshMs(undefined, now)).toBe(0);
  });
  it('just after the open session closes, or the closed market opens', () => {
    expect(marketStatusRefreshMs(OPEN, now)).toBe(3_601_000);
    const closed = { ...OPEN, open: false, session: null, nextOpenAt: '2030-01-08T14:30:00.000Z' };
    expect(marketStatusRefreshMs(closed, Date.parse('2030-01-08T14:00:00.000Z'))).toBe(1_801_000);
  });
  it("a minute on, while the calendar's session has begun but the provider does not say open yet", () => {
    // The API reads the provider's word every MARKET_STATUS_POLL_MS: a page that reads just after the open may be told
    // "closed, next open tomorrow", and must not wait for tomorrow to hear that the market opened.
    const late = { ...OPEN, open: false };
    expect(marketStatusRefreshMs(late, Date.parse('2030-01-07T14:30:01.000Z'))).toBe(60_000);
    // After the session's close it waits for the next open, as any closed market.
    expect(marketStatusRefreshMs(late, Date.parse('2030-01-07T21:00:00.000Z'))).toBe(63_001_000);
  });
  it('a minute on, while the provider still says open after the close', () => {
    const lingering = { ...OPEN, session: null };
    expect(marketStatusRefreshMs(lingering, Date.parse('2030-01-07T21:00:30.000Z'))).toBe(60_000);
  });
  it('never sooner than a minute, however near the change', () => {
    expect(marketStatusRefreshMs(OPEN, Date.parse('2030-01-07T20:59:50.000Z'))).toBe(60_000);
    expect(marketStatusRefreshMs(OPEN, Date.parse('2030-01-07T21:05:00.000Z'))).toBe(60_000);
  });
});
