// Trading, and the parts of the profiles that need a real contest: two players in a short live contest, in Chromium
// against the real stack. The contest starts about 20 s after it is created and lasts 75 s (the e2e stack runs short
// contest rules, e2e/settings.mjs), so the journey follows one contest from upcoming to completed; its steps run in
// order.
import type { Browser, Page } from 'playwright-core';
import {
  buttonsUnderToasts,
  callApi,
  createActiveUser,
  createContest,
  launchBrowser,
  openTab,
  poll,
  stack,
  type TestPage,
  type TestUser,
  waitForPath,
  waitUntil,
  waitUntilLive,
} from './helpers';

type Player = TestUser & { callSign: string };
interface ContestUser {
  data: {
    userId: string;
    portfolio: {
      cash: number;
      buyingPower?: number;
      value: number;
      positions: { symbol: string; quantity: number }[];
    } | null;
  };
}

let browser: Browser;
let alice: Player;
let bob: Player;
let contestId: string;
let startsAt: number;
let endsAt: number;
const pages: TestPage[] = [];

async function open(user: Player, path: string, width = 1280): Promise<Page> {
  return (await openTab(browser, pages, path, { user, width })).page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  [alice, bob] = [await createActiveUser(), await createActiveUser()];
  // The stack's short contest rules (e2e/settings.mjs): time for the first step before the start, and for the
  // trades and board checks before the end, and no more.
  const { minLeadMs, minDurationMs } = stack().contest;
  startsAt = Date.now() + Math.max(minLeadMs + 2_000, 20_000);
  endsAt = startsAt + Math.max(minDurationMs + 2_000, 75_000);
  contestId = await createContest(alice, {
    name: 'E2E Live Sprint',
    description: 'Two players, a short sprint.',
    startsAt,
    endsAt,
  });
  await callApi('POST', '/contest/join-contest', { user: alice, body: { contestId, picks: ['AAPL', 'MSFT'] } });
  await callApi('POST', '/contest/join-contest', { user: bob, body: { contestId, picks: ['NVDA', 'AMZN'] } });
});

afterAll(async () => {
  for (const tab of pages) await tab.context.close();
  await browser?.close();
});

it('before the start, the live page counts down and links to the details', async () => {
  const page = await open(bob, `/live-contest/${contestId}`);
  await page.getByText('This contest is not live yet. Trading opens when it starts.').waitFor();
  await page.getByRole('link', { name: 'Contest details' }).waitFor();
});

it("a trade shows on the other player's leaderboard within one tick, without a reload", async () => {
  await waitUntil(startsAt);
  await waitUntilLive(alice, contestId);
  const board = await open(alice, `/live-contest/${contestId}`);
  await board.getByRole('table', { name: 'Leaderboard' }).waitFor();
  await board.getByText('Simulated prices', { exact: true }).waitFor();

  // Bob sells everything: from then on his value is exactly his cash, tick after tick.
  const trading = await open(bob, `/trading/${contestId}`);
  for (const symbol of ['NVDA', 'AMZN']) {
    await trading.getByRole('button', { name: symbol, exact: true }).click();
    await trading.getByLabel('Sell').check();
    await trading.getByRole('button', { name: 'Max' }).click();
    await trading.getByRole('button', { name: 'Review order' }).click();
    await trading.getByRole('button', { name: 'Confirm sell' }).click();
    await trading.getByText(new RegExp(`Sold \\d+ ${symbol} at \\$`)).waitFor();
  }
  await trading.getByText('No positions: everything is in cash.').waitFor();
  const mine = await callApi<ContestUser>('GET', `/contest-user/${contestId}`, { user: bob });
  const cash = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    mine.data.portfolio?.cash ?? 0,
  );

  const bobsRow = board.getByRole('row').filter({ hasText: bob.callSign });
  await bobsRow.getByText(cash, { exact: true }).waitFor({ timeout: 12_000 });
});

it('a limit order waits in Open orders, fills at a tick with a toast and a trade; another is cancelled', async () => {
  // Bob holds only cash since he sold everything. A buy limit a little above the price fills at the next tick.
  const trading = await open(bob, `/trading/${contestId}`);
  await trading.getByLabel('Symbol').fill('AAPL');
  await trading.getByRole('listbox', { name: 'Matching symbols' }).getByRole('option', { name: /^AAPL/ }).click();
  const { equities } = await callApi<{ equities: { symbol: string; price: number }[] }>(
    'POST',
    '/equity/get-equities',
    { user: bob, body: {} },
  );
  const price = equities.find((e) => e.symbol === 'AAPL')?.price ?? 0;
  const money = (value: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

  await trading.getByLabel('Order type').selectOption('limit');
  const above = (Math.ceil(price * 105) / 100).toFixed(2);
  await trading.getByLabel('Limit price ($)').fill(above);
  await trading.getByLabel('Quantity (shares)').fill('2');
  await trading.getByText(money(2 * Number(above)), { exact: true }).waitFor();
  await trading.getByRole('button', { name: 'Review order' }).click();
  await trading
    .getByRole('dialog')
    .getByText(/with a limit order, limit/)
    .waitFor();
  await trading.getByRole('button', { name: 'Place limit order' }).click();
  await trading.getByText('Limit order placed: buy 2 AAPL. It waits in Open orders.').waitFor();

  // The next tick fills it (the server says so first), then the screen: a toast in words, the order under Recent,
  // the trade in the history.
  const statuses = await poll(
    'the limit order never filled',
    async () => {
      const { orders } = await callApi<{ orders: { status: string }[] }>('GET', `/contest/${contestId}/orders`, {
        user: bob,
      });
      const now = orders.map((o) => o.status);
      return now.includes('filled') ? now : undefined;
    },
    { timeoutMs: 15_000 },
  );
  expect(statuses).toEqual(['filled']);
  await trading.getByText(/Your limit order to buy 2 AAPL filled at \$[\d,.]+/).waitFor({ timeout: 15_000 });
  // At 1280 px the toast leaves the page's buttons uncovered ("Trade", the ticket's): it once sat over the main one.
  expect(await buttonsUnderToasts(trading)).toEqual([]);
  await trading
    .getByRole('list', { name: 'Recent orders' })
    .getByText(/Filled/)
    .waitFor();
  await trading.getByRole('table', { name: 'Trade history' }).getByText('AAPL').first().waitFor();
  const after = await callApi<ContestUser>('GET', `/contest-user/${contestId}`, { user: bob });
  expect(after.data.portfolio?.positions.find((p) => p.symbol === 'AAPL')?.quantity).toBe(2);

  // A buy limit far below the price waits; Cancel (from the keyboard) releases what it reserved.
  await trading.getByLabel('Limit price ($)').fill((Math.floor(price * 50) / 100).toFixed(2));
  await trading.getByLabel('Quantity (shares)').fill('1');
  await trading.getByRole('button', { name: 'Review order' }).click();
  await trading.getByRole('button', { name: 'Place limit order' }).click();
  const openList = trading.getByRole('list', { name: 'Open orders' });
  await openList.getByText('Buy 1 AAPL').waitFor();
  await openList.getByRole('button', { name: 'Cancel limit order: Buy 1 AAPL' }).focus();
  await trading.keyboard.press('Enter');
  await trading.getByText(/Order cancelled: buy 1 AAPL, limit \$/).waitFor();
  const orders = await callApi<{ orders: { status: string }[] }>('GET', `/contest/${contestId}/orders`, { user: bob });
  expect(orders.orders.map((o) => o.status)).toEqual(['cancelled', 'filled']);
});

it("an order the server refuses shows the server's message and changes nothing", async () => {
  const trading = await open(alice, `/trading/${contestId}`);
  await trading.getByRole('table', { name: 'My positions' }).waitFor();
  const before = await callApi<ContestUser>('GET', `/contest-user/${contestId}`, { user: alice });
  // The screen shows a stale, much larger cash balance (as after a purchase made in another tab): the ticket
  // lets the order through, and the server, the only authority, refuses it.
  await trading.route('**/contest-user/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as ContestUser;
    if (body.data.portfolio) {
      body.data.portfolio.cash = 10_000_000;
      // The ticket spends buying power (cash less the margin of any short), sent beside the cash.
      body.data.portfolio.buyingPower = 10_000_000;
    }
    await route.fulfill({ response, json: body });
  });
  await trading.reload();
  await trading.getByRole('button', { name: 'AAPL', exact: true }).click();
  await trading.getByLabel('Quantity (shares)').fill('5000');
  await trading.getByRole('button', { name: 'Review order' }).click();
  await trading.getByRole('button', { name: 'Confirm buy' }).click();
  const alert = trading.getByRole('alert').filter({ hasText: /cash/i });
  await alert.waitFor();
  const after = await callApi<ContestUser>('GET', `/contest-user/${contestId}`, { user: alice });
  expect(after.data.portfolio?.cash).toBe(before.data.portfolio?.cash);
  // Prices move every tick; holdings must not.
  const holdings = (user: ContestUser) =>
    user.data.portfolio?.positions.map(({ symbol, quantity }) => ({ symbol, quantity }));
  expect(holdings(after)).toEqual(holdings(before));
});

it("a call sign on the leaderboard opens that player's public profile", async () => {
  const board = await open(alice, `/live-contest/${contestId}`);
  await board.getByRole('link', { name: bob.callSign }).click();
  await waitForPath(
    board,
    `/profile?userId=${encodeURIComponent((await callApi<ContestUser>('GET', `/contest-user/${contestId}`, { user: bob })).data.userId)}`,
  );
  await board.getByRole('heading', { level: 1, name: bob.callSign }).waitFor();
  expect(await board.getByRole('link', { name: 'Edit profile' }).count()).toBe(0);
});

it('when the contest ends, the live page moves to the results, and the profile counts it', async () => {
  const board = await open(bob, `/live-contest/${contestId}`);
  await board.getByRole('table', { name: 'Leaderboard' }).waitFor();
  await waitUntil(endsAt);
  await waitForPath(board, `/contest-completed/${contestId}`, 30_000);
  // Both players see the frozen final standings.
  const standings = board.getByRole('table', { name: 'Final standings' });
  await standings.getByText(alice.callSign, { exact: true }).waitFor();
  await standings.getByText(bob.callSign, { exact: true }).waitFor();
  const results = await open(alice, `/contest-completed/${contestId}`);
  await results.getByRole('table', { name: 'Final standings' }).getByText(bob.callSign, { exact: true }).waitFor();

  const profile = await open(alice, '/profile');
  await profile.getByRole('heading', { level: 1, name: alice.callSign }).waitFor();
  const completed = profile
    .getByRole('term')
    .filter({ hasText: /^Completed$/ })
    .locator('xpath=following-sibling::dd[1]');
  await completed.filter({ hasText: /^1$/ }).waitFor();
  await profile.getByRole('link', { name: 'E2E Live Sprint' }).waitFor();
});
