// Short selling in a live contest whose rules allow it, with a $4.95 commission per trade and a 25 % position cap, in
// Chromium against the real stack, on a phone (390×844) and a laptop (1280×800): one player per size, both in the
// same contest. Each raises cash by selling a pick, shorts a stock seeing buying power and the commission, is refused
// a ~30 % position with the number of shares that would fit, and places a trailing stop (that a stop follows the price
// and fills: trailing-stop.test.ts). Screenshots go to .e2e-artifacts/short-selling for a person to look at.
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import {
  appUrl,
  callApi,
  createActiveUser,
  launchBrowser,
  newPage,
  SIZES,
  stack,
  type TestPage,
  type TestUser,
  waitUntilLive,
} from './helpers';

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '.e2e-artifacts/short-selling';

interface ContestUser {
  data: { portfolio: { value: number; positions: { symbol: string; quantity: number }[] } | null };
}

let browser: Browser;
let contestId: string;
let startsAt: number;
const players = new Map<number, TestUser>();
const pages: TestPage[] = [];

async function priceOf(user: TestUser, symbol: string): Promise<number> {
  const { equities } = await callApi<{ equities: { symbol: string; price: number }[] }>(
    'POST',
    '/equity/get-equities',
    { user, body: {} },
  );
  const found = equities.find((item) => item.symbol === symbol);
  if (!found) throw new Error(`no price for ${symbol}`);
  return found.price;
}

async function choose(page: Page, symbol: string) {
  await page.getByLabel('Symbol').fill(symbol);
  await page
    .getByRole('listbox', { name: 'Matching symbols' })
    .getByRole('option', { name: new RegExp(`^${symbol}`) })
    .click();
  await page.locator('.bp-quote__symbol', { hasText: symbol }).waitFor();
}

const ticket = (page: Page) => page.getByRole('region', { name: 'Place an order' });

/** The page is no wider than the screen: nothing scrolls sideways. */
async function noSidewaysScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const creator = await createActiveUser();
  const { minLeadMs, minDurationMs } = stack().contest;
  startsAt = Date.now() + Math.max(minLeadMs + 2_000, 20_000);
  const created = await callApi<{ data: { _id: string } }>('POST', '/contest/create-contest', {
    user: creator,
    body: {
      name: 'E2E Short Sprint',
      description: 'Short selling, a commission and a position cap.',
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + Math.max(minDurationMs + 2_000, 240_000)).toISOString(),
      picksCount: 2,
      startingCash: 10_000,
      maxParticipants: 10,
      visibility: 'public',
      affiliations: [],
      isTeamCollaboration: false,
      rules: { shortSelling: true, commission: { perTrade: 4.95, perShare: 0 }, maxPositionPct: 25 },
    },
  });
  contestId = created.data._id;
  for (const { width } of SIZES) {
    const player = await createActiveUser();
    await callApi('POST', '/contest/join-contest', { user: player, body: { contestId, picks: ['AAPL', 'MSFT'] } });
    players.set(width, player);
  }
});

afterAll(async () => {
  for (const tab of pages) await tab.context.close();
  await browser?.close();
});

describe.each(SIZES)('at $width×$height', ({ width, height }) => {
  it('shorts with buying power and commission shown, is refused a position over the cap, places a trailing stop', async () => {
    const player = players.get(width) as TestUser;
    const wait = startsAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await waitUntilLive(player, contestId);
    await mkdir(SHOTS_DIR, { recursive: true });
    const tab = await newPage(browser, { user: player, width, height });
    pages.push(tab);
    const { page } = tab;
    await page.goto(appUrl(`/trading/${contestId}`));
    await page.getByRole('heading', { name: 'Trading' }).waitFor({ timeout: 30_000 });

    // Every pick was bought at the start: selling AAPL raises the cash to short with.
    await page.getByRole('table', { name: 'My positions' }).getByRole('button', { name: 'AAPL', exact: true }).click();
    await page.getByLabel('Sell', { exact: true }).check();
    await page.getByRole('button', { name: 'Max' }).click();
    await page.getByRole('button', { name: 'Review order' }).click();
    await page.getByRole('button', { name: 'Confirm sell' }).click();
    await page.getByText(/Sold \d+ AAPL at \$/).waitFor();

    // A short of NVDA: buying power and the $4.95 commission before Review.
    await choose(page, 'NVDA');
    await page.getByLabel('Short', { exact: true }).check();
    await page.getByLabel('Quantity (shares)').fill('2');
    const figures = ticket(page).locator('dl.bp-pairs');
    await figures.getByText('Commission').waitFor();
    expect(await figures.locator('dt:text-is("Commission") + dd').textContent()).toBe('$4.95');
    expect(await figures.locator('dt:text-is("Buying power") + dd').textContent()).toMatch(/^\$[\d,]+\.\d\d$/);
    await page.screenshot({ path: `${SHOTS_DIR}/short-ticket-${width}.png`, fullPage: true });
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Review order' }).click();
    await page.getByRole('dialog').getByText('Commission: $4.95.').waitFor();
    await page.getByRole('button', { name: 'Confirm short' }).click();
    await page.getByText(/Shorted 2 NVDA at \$/).waitFor();
    const positions = page.getByRole('table', { name: 'My positions' });
    const nvda = positions.getByRole('row').filter({ hasText: 'NVDA' });
    await nvda.getByText('Short', { exact: true }).waitFor();
    await nvda.getByText('-2', { exact: true }).waitFor();

    // About 30 % of the portfolio in AMZN: the ticket refuses it before Review, saying how many shares would fit, in
    // the words the server refuses it with.
    const mine = await callApi<ContestUser>('GET', `/contest-user/${contestId}`, { user: player });
    const value = mine.data.portfolio?.value ?? 0;
    const amzn = await priceOf(player, 'AMZN');
    await choose(page, 'AMZN');
    await page.getByLabel('Buy', { exact: true }).check();
    await page.getByLabel('Quantity (shares)').fill(String(Math.ceil((0.3 * value) / amzn)));
    await figures.getByText('Fits under the 25% cap').waitFor();
    // The form was sent once already (the short above), so it checks as it is typed: no Review needed to see it.
    const refusal = ticket(page).getByText(/^At most 25% of your portfolio in one stock: \d+ shares would fit$/);
    await refusal.waitFor();
    const fit = Number((await refusal.textContent())?.match(/(\d+) shares would fit/)?.[1]);
    expect(fit).toBeGreaterThan(0);
    expect(fit).toBeLessThan(Math.ceil((0.3 * value) / amzn));
    await page.screenshot({ path: `${SHOTS_DIR}/cap-refusal-${width}.png`, fullPage: true });
    await noSidewaysScroll(page);

    // A trailing stop on the MSFT pick: today's stop follows from the price.
    await page.getByRole('table', { name: 'My positions' }).getByRole('button', { name: 'MSFT', exact: true }).click();
    await page.getByLabel('Sell', { exact: true }).check();
    await page.getByLabel('Quantity (shares)').fill('1');
    await page.getByLabel('Order type').selectOption('trailing-stop');
    await page.getByLabel('Percent (%)').check();
    await page.getByLabel('Trail percent (%)').fill('5');
    await figures
      .locator('dt:text-is("Stop today") + dd')
      .filter({ hasText: /^\$[\d,]+\.\d\d$/ })
      .waitFor();
    await page.screenshot({ path: `${SHOTS_DIR}/trailing-stop-${width}.png`, fullPage: true });
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Review order' }).click();
    await page.getByRole('button', { name: 'Place trailing-stop order' }).click();
    await page.getByText('Trailing stop order placed: sell 1 MSFT. It waits in Open orders.').waitFor();
    const open = page.getByRole('list', { name: 'Open orders' });
    await open.getByText(/trail 5%/).waitFor();
    await open.getByText(/Good until/).waitFor();
    await page.screenshot({ path: `${SHOTS_DIR}/open-orders-${width}.png`, fullPage: true });
    await noSidewaysScroll(page);
    expect(tab.errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  }, 240_000);
});
