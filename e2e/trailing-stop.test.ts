// A trailing stop that follows the price and fills, in Chromium against the real stack, on a phone (390×844) and a
// laptop (1280×800), one player per size in the same live contest. The player places a trailing-stop sell on a pick
// through the ticket; the public API shows its stop tick by tick (it rises with the price and never falls), and the
// screen shows the fill: the order leaves Open orders, a toast says it filled, and the trade is in the history.
// Screenshots go to .e2e-artifacts/trailing-stop for a person to look at.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { API_PATHS } from '../contract/src/paths';
import { formatMoney } from '../shared/src/format/format';
import {
  callApi,
  closeAll,
  createActiveUser,
  createContestAhead,
  launchBrowser,
  openTab,
  poll,
  shootFullPage,
  SIZES,
  stack,
  startSoon,
  type TestPage,
  type TestUser,
  type Tokens,
  tokensFor,
  waitUntilLive,
} from './helpers';

const SHOTS = path.resolve(__dirname, '..', '.e2e-artifacts', 'trailing-stop');
const SYMBOL = 'AAPL';
// The e2e market runs in real time (MARKET_TIME_SCALE 1) and ticks every 2 s: AAPL (about $228, 32 % a year) moves
// about 1.8 cents a tick (one standard deviation). A simulation of the market's steps with a 3-cent trail: half the
// orders fill within 5 ticks, 1 in 1,000 takes more than 37, and the 150 s the journey waits (75 ticks) run out about
// once in 400,000. The 5 % of the short-selling journey would take days of simulated time; the smallest trail the API
// takes, 1 cent, fills as fast but half the time at the very first tick, before its stop had anything to follow.
const TRAIL = '0.03';
// A fall at the first tick fills the order before the price ever rose, so its stop never moved: right, but no proof of
// following. That happens about a third of the time with this trail; the player then places another (each is a full
// check of the fill on the screen), and eight in a row that never moved (about 1 in 7,000) fail the journey.
const ATTEMPTS = 8;

interface Order {
  _id: string;
  symbol: string;
  side: string;
  quantity: number;
  type: string;
  status: 'open' | 'filled' | 'cancelled' | 'expired' | 'rejected';
  stopPrice: number | null;
  trailAmount: number | null;
  fill: { _id: string; price: number; amount: number; quantity: number; side: string } | null;
  reason: string | null;
}

let browser: Browser;
let contestId: string;
const players = new Map<number, TestUser>();
const tabs: TestPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const creator = await createActiveUser();
  // Created far ahead so the players join while it is upcoming, then started as soon as the rules allow; long enough
  // for both sizes' orders, whatever the market does.
  contestId = await createContestAhead(creator, {
    name: 'E2E Trailing Stop',
    description: 'A stop that follows the price.',
  });
  for (const { width } of SIZES) {
    const player = await createActiveUser();
    await callApi('POST', API_PATHS.joinContest, { user: player, body: { contestId, picks: [SYMBOL, 'MSFT'] } });
    players.set(width, player);
  }
  await startSoon(creator, contestId, 20 * 60_000);
});

afterAll(() => closeAll(browser, tabs));

const shoot = (page: Page, name: string) => shootFullPage(page, SHOTS, name, { fromTop: true });

async function orderNow(tokens: Tokens, orderId: string): Promise<Order> {
  const { orders } = await callApi<{ orders: Order[] }>('GET', API_PATHS.contestOrders(contestId), { tokens });
  const order = orders.find((item) => item._id === orderId);
  if (!order) throw new Error(`order ${orderId} is not among the player's orders`);
  return order;
}

/**
 * Follows an open order through the public API until it is no longer open: its stop at each read, written down each
 * time it differs from the one before (the first is the stop it was placed with), and the order as it ended.
 */
async function followStops(tokens: Tokens, placed: Order): Promise<{ stops: number[]; order: Order }> {
  const stops = [placed.stopPrice as number];
  const order = await poll(
    `the trailing stop ${placed._id} never left the open orders`,
    async () => {
      const now = await orderNow(tokens, placed._id);
      if (now.stopPrice !== null && now.stopPrice !== stops.at(-1)) stops.push(now.stopPrice);
      return now.status === 'open' ? undefined : now;
    },
    { timeoutMs: 150_000, everyMs: 250 },
  );
  return { stops, order };
}

/** Places the ticket's trailing stop (already filled in) and returns the order the API answered with. */
async function placeTrailingStop(page: Page): Promise<Order> {
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url() === `${stack().api}${API_PATHS.placeOrder}`,
  );
  await page.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('button', { name: 'Place trailing-stop order' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { order: Order } };
  await page.getByText(`Trailing stop order placed: sell 1 ${SYMBOL}. It waits in Open orders.`).waitFor();
  return data.order;
}

describe.each(SIZES)('at $width×$height', ({ width, height }) => {
  it('a trailing-stop sell follows the price up and fills when the price falls back by the trail', async () => {
    const player = players.get(width) as TestUser;
    const tokens = await tokensFor(player);
    await waitUntilLive(player, contestId);
    const tab = await openTab(browser, tabs, `/trading/${contestId}`, { user: player, width, height });
    const { page } = tab;
    await page.getByRole('heading', { name: 'Trading' }).waitFor({ timeout: 30_000 });

    // The ticket: sell 1 share of the pick with a 3-cent trail; it says where the stop would be today.
    await page.getByRole('table', { name: 'My positions' }).getByRole('button', { name: SYMBOL, exact: true }).click();
    await page.locator('.bp-quote__symbol', { hasText: SYMBOL }).waitFor();
    await page.getByLabel('Sell', { exact: true }).check();
    await page.getByLabel('Order type').selectOption('trailing-stop');
    await page.getByRole('radio', { name: 'Amount ($)' }).check();
    await page.getByLabel('Trail amount ($)').fill(TRAIL);
    await page.getByLabel('Quantity (shares)').fill('1');
    await page
      .getByRole('region', { name: 'Place an order' })
      .locator('dt:text-is("Stop today") + dd')
      .filter({ hasText: /^\$[\d,]+\.\d\d$/ })
      .waitFor();

    const openOrders = page.getByRole('list', { name: 'Open orders' });
    const seen: number[][] = [];
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const placed = await placeTrailingStop(page);
      expect(placed).toMatchObject({ type: 'trailing-stop', side: 'sell', quantity: 1, status: 'open' });
      expect(placed.trailAmount).toBe(Number(TRAIL));
      // Waiting in Open orders with its trail and the stop it has reached.
      const row = openOrders.getByRole('listitem').filter({ hasText: `Sell 1 ${SYMBOL}` });
      await row.getByText(`trail ${formatMoney(Number(TRAIL))}`).waitFor();
      await row.getByText(/^stop now \$[\d,]+\.\d\d$/).waitFor();
      if (attempt === 1) await shoot(page, 'open');

      // The toast is looked for from now on, while the API is followed: it shows for 5 s only.
      const toast = page
        .getByRole('region', { name: 'Notifications' })
        .getByText(new RegExp(`Your trailing stop order to sell 1 ${SYMBOL} filled at \\$[\\d,]+\\.\\d\\d$`))
        .textContent({ timeout: 180_000 });
      const { stops, order } = await followStops(tokens, placed);
      seen.push(stops);
      // A sell's stop only ever rises, and it filled at a price at or below the last stop (the trigger).
      expect(order.status).toBe('filled');
      for (let i = 1; i < stops.length; i += 1) expect(stops[i]).toBeGreaterThan(stops[i - 1] as number);
      const fill = order.fill as NonNullable<Order['fill']>;
      expect(fill).toMatchObject({ side: 'sell', quantity: 1 });
      expect(fill.price).toBeLessThanOrEqual(stops.at(-1) as number);

      // The screen: the toast with the fill's price, the order gone from Open orders and listed as filled, the trade
      // first in the history.
      const filled = `Your trailing stop order to sell 1 ${SYMBOL} filled at ${formatMoney(fill.price)}`;
      expect((await toast)?.slice(-filled.length)).toBe(filled);
      await shoot(page, 'filled');
      await openOrders.getByText(`Sell 1 ${SYMBOL}`).waitFor({ state: 'detached' });
      // Under Recent, with the stop it ended at (the API's last) and the fill's price.
      await page
        .getByRole('list', { name: 'Recent orders' })
        .getByRole('listitem')
        .filter({ hasText: `trail ${formatMoney(Number(TRAIL))}, stop ${formatMoney(stops.at(-1) as number)}` })
        .filter({ hasText: `Filled at ${formatMoney(fill.price)}` })
        .first()
        .waitFor();
      const newest = page.getByRole('table', { name: 'Trade history' }).locator('tbody tr').first();
      await newest.filter({ hasText: formatMoney(fill.amount) }).waitFor();
      const cells = await newest.locator('td').allInnerTexts();
      expect(cells.slice(1, 4)).toEqual(['Sell', SYMBOL, '1']);
      const mine = await callApi<{ data: { trades: { _id: string; orderId?: string | null }[] } }>(
        'GET',
        API_PATHS.contestUser(contestId),
        { tokens },
      );
      expect(mine.data.trades[0]).toMatchObject({ _id: fill._id, orderId: placed._id });

      if (stops.length > 1) break;
      // Filled before its stop moved: the next attempt's toast must not be mistaken for this one's.
      await page.getByText(`Your trailing stop order to sell 1 ${SYMBOL} filled at`).waitFor({ state: 'hidden' });
    }
    // The stops each order went through (dollars), for the record.
    console.log(`trailing stops at ${width} px:`, JSON.stringify(seen));
    expect(seen.some((stops) => stops.length > 1)).toBe(true);
    expect(tab.errors).toEqual([]);
  }, 600_000);
});
