// The real-market path, on the Massive stand-in: a player finds a stock the shipped table lacks, buys it while the
// market is closed, sees the order queued for the open and filled at the open, and sees a split of a stock they hold in
// their history; at 390 and at 1280 px.
// Sessions come from the NYSE calendar and the provider's word, on the real clock: a weekend run would never see one.
// So the journey runs an API and a stand-in of its own on a shifted clock (helpers/shift-clock.mjs): they believe it is
// a few minutes before the open of Wednesday 2026-11-25, a regular session of the shipped calendar. The browsers get
// the same time from Playwright's clock, so every party agrees on what is live, closed or open. The user pool stays on
// the real clock: its tokens are issued "in the future" for the API, which checks their expiry, not their issue time.
// The steps run in order, against one contest.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import type { Browser, Page } from 'playwright-core';
import type { MarketStatusResponse } from '../contract/src';
import { marketStateLabel } from '../contract/src/market-hours';
import { API_PATHS } from '../contract/src/paths';
import {
  appUrl,
  callApi,
  createActiveUser,
  createContest,
  expectAccessible,
  launchBrowser,
  newPage,
  poll,
  shootFullPage,
  stack,
  type TestPage,
  type TestUser,
  tokensFor,
  type RuntimeConfig,
} from './helpers';
import { type ApiProcess, apiProcess } from './helpers/api-process';

const ROOT = path.resolve(__dirname, '..');
const SHIFT_CLOCK = path.join(__dirname, 'helpers', 'shift-clock.mjs');
const SHOTS = path.join(ROOT, '.e2e-artifacts', 'real-market');

/** 9:30 AM in New York (EST) on Wednesday 2026-11-25, a regular session (api/src/market/nyse-holidays.json). */
const OPEN = Date.UTC(2026, 10, 25, 14, 30);
const SESSION_DATE = '2026-11-25';
/** The journey's processes start 150 s before it: time to join, go live and queue two orders first. */
const LEAD_MS = 150_000;
const shiftMs = OPEN - LEAD_MS - Date.now();
/** The time the journey's API, stand-in and browsers believe it is. */
const apiNow = () => Date.now() + shiftMs;

/** A stock the shipped table lacks (the stand-in's EXTRA list), bought at the open; and the held stock that splits. */
const BOUGHT = { symbol: 'PLTR', quantity: 3, openPrice: 172.5 };
/** SNOW at the stand-in's $228.90 on a $2,500 budget (a 25 % cap of $10,000): 10 shares; a 4-for-1 split makes 40. */
const SPLIT = { symbol: 'SNOW', from: 1, to: 4, adjustedPrice: 57.5 };

type Player = TestUser & { callSign: string };
interface Order {
  type: string;
  side: string;
  symbol: string;
  quantity: number;
  status: string;
  reason?: string | null;
  fill?: { price: number } | null;
}
interface ContestUser {
  data: {
    portfolio: { positions: { symbol: string; quantity: number }[] } | null;
    actions?: { type: string; symbol: string; date: string; quantityBefore: number; quantityAfter: number }[];
  };
}

/** The stand-in's CLI as a child on the shifted clock, scripted through its standard input. */
class StandIn {
  private lines: string[] = [];
  private waiters: (() => void)[] = [];
  private constructor(private readonly child: ChildProcess) {
    if (!child.stdout) throw new Error('the stand-in has no output');
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      this.lines.push(line);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async start(port: number): Promise<StandIn> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        SHIFT_CLOCK,
        path.join(ROOT, 'tooling', 'massive-stand-in', 'src', 'cli.mjs'),
        ...['--port', String(port), '--bar-ms', '0', '--delay-minutes', '0', '--market', 'closed'],
      ],
      {
        cwd: ROOT,
        env: { ...process.env, BULLPEN_E2E_TIME_SHIFT_MS: String(shiftMs) },
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const standIn = new StandIn(child);
    await standIn.line((line) => line.includes('MASSIVE_REST_URL='), 'the stand-in did not start');
    return standIn;
  }

  /** Waits for an output line that `matches`, among those from line `from` on. */
  private async line(matches: (line: string) => boolean, failure: string, from = 0, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!this.lines.slice(from).some(matches)) {
      if (this.child.exitCode !== null) throw new Error(`${failure}: it exited with ${this.child.exitCode}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${failure} in ${timeoutMs} ms; it said: ${this.lines.join(' | ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** One command; resolves when the stand-in says it is done ("  ok: <command>"). */
  async command(text: string): Promise<void> {
    const from = this.lines.length;
    this.child.stdin?.write(`${text}\n`);
    await this.line((line) => line.trim() === `ok: ${text}`, `the stand-in did not do "${text}"`, from);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }
}

let standIn: StandIn | undefined;
let api: ApiProcess | undefined;
let browser: Browser;
let contestId: string;
let originalConfig: string | undefined;
const players: Player[] = [];
const tabs: TestPage[] = [];
/** The two players' trading pages, at the widths of a phone and a laptop. */
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const screens: Page[] = [];

const money = (value: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

/** Waits until the journey's processes believe it is `time` (a known instant, not a guess at how long work takes). */
const waitUntil = async (time: number) => {
  const ms = time - apiNow();
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
};

const marketStatus = () => callApi<MarketStatusResponse>('GET', API_PATHS.marketStatus, { api: api?.url });
const ordersOf = async (player: Player) =>
  (await callApi<{ orders: Order[] }>('GET', API_PATHS.contestOrders(contestId), { user: player, api: api?.url }))
    .orders;
const contestUserOf = (player: Player) =>
  callApi<ContestUser>('GET', API_PATHS.contestUser(contestId), { user: player, api: api?.url });

beforeAll(async () => {
  const { spareBase, dataDir, contest, configFile } = stack();
  if (spareBase === undefined || dataDir === undefined || configFile === undefined)
    throw new Error('this journey starts servers of its own: it needs an owned stack');
  standIn = await StandIn.start(spareBase + 1);
  // Read by the API's corporate-actions job once the contest is live; it takes effect at the session's open.
  await standIn.command(`split ${SPLIT.symbol} ${SPLIT.from} ${SPLIT.to} ${SESSION_DATE}`);
  const provider = `127.0.0.1:${spareBase + 1}`;
  api = apiProcess({
    port: spareBase,
    dataDir: path.join(dataDir, 'real-market-api'),
    preloads: [SHIFT_CLOCK],
    env: {
      // The stack's short contest rules (e2e/settings.mjs).
      CONTEST_MIN_LEAD_S: String(contest.minLeadMs / 1000),
      CONTEST_MIN_DURATION_S: String(contest.minDurationMs / 1000),
      MARKET_TICK_MS: String(contest.tickMs),
      MARKET_FEED: 'massive',
      MASSIVE_API_KEY: 'stand-in-key',
      MASSIVE_REST_URL: `http://${provider}`,
      MASSIVE_WS_URL: `ws://${provider}`,
      MARKET_DELAY_MINUTES: '0',
      MARKET_HOURS: 'nyse',
      // The provider's word on the session, read every second: the open is seen at once.
      MARKET_STATUS_POLL_MS: '1000',
      // The shortest allowed: read at the start and a minute later, once the contest is live and holds the symbol.
      MARKET_ACTIONS_POLL_MS: '60000',
      BULLPEN_E2E_TIME_SHIFT_MS: String(shiftMs),
    },
  });
  await api.start();
  // The stack's pages use this API, as an operator rolls one out: config.json names it, and the pages' CSP follows
  // (a page told of another API by itself alone would be refused the connection).
  originalConfig = await readFile(configFile, 'utf8');
  const config = JSON.parse(originalConfig) as RuntimeConfig;
  await writeFile(configFile, JSON.stringify({ ...config, apiHost: api.url }, null, 2));
  browser = await launchBrowser();
  players.push(
    await createActiveUser(undefined, { api: api.url }),
    await createActiveUser(undefined, { api: api.url }),
  );

  // The API answers before it has read the provider's universe and prices: the picks and the search need them.
  await poll(
    "the API never listed the stand-in's stocks",
    async () => {
      const { equities } = await callApi<{ equities: { symbol: string; price: number }[] }>(
        'POST',
        '/equity/get-equities',
        { user: players[0], api: api?.url, body: { symbols: [SPLIT.symbol, BOUGHT.symbol] } },
      );
      return equities.length === 2 && equities.every((equity) => equity.price > 0) ? equities : undefined;
    },
    { timeoutMs: 30_000 },
  );
  const startsAt = apiNow() + contest.minLeadMs + 3_000;
  contestId = await createContest(
    players[0] as Player,
    {
      name: 'E2E Opening Bell',
      description: 'A real market, queued at night, filled at the open.',
      startsAt,
      // Days on: live whatever the clock of whoever looks.
      endsAt: startsAt + 3 * 86_400_000,
      picksCount: 1,
      startingCash: 10_000,
      rules: { shortSelling: false, commission: { perTrade: 0, perShare: 0 }, maxPositionPct: 25 },
    },
    { api: api.url },
  );
  for (const player of players)
    await callApi('POST', '/contest/join-contest', {
      user: player,
      api: api.url,
      body: { contestId, picks: [SPLIT.symbol] },
    });
  const tokens = await tokensFor(players[0] as Player);
  await poll(
    'the contest never went live',
    () => callApi('GET', API_PATHS.activeContest(contestId), { tokens, api: api?.url }),
    { timeoutMs: 60_000 },
  );
}, 120_000);

afterAll(async () => {
  for (const tab of tabs) await tab.context.close();
  await browser?.close();
  const { configFile } = stack();
  if (configFile && originalConfig !== undefined) await writeFile(configFile, originalConfig);
  await api?.stop();
  await standIn?.stop();
});

it('before the open, each player finds a stock the table lacks and buys it: the order is queued for the open', async () => {
  const status = await marketStatus();
  expect({ open: status.open, feed: status.feed }).toEqual({ open: false, feed: 'massive' });
  const closedState = marketStateLabel(status, new Date(apiNow()));
  expect(closedState).toBe('Closed · opens Today 9:30 AM ET');

  for (const [index, size] of SIZES.entries()) {
    const player = players[index] as Player;
    const tab = await newPage(browser, { user: player, ...size });
    tabs.push(tab);
    const { page } = tab;
    screens.push(page);
    await page.clock.install({ time: apiNow() });
    await page.goto(appUrl(`/trading/${contestId}`));

    // Where prices come from and the market's state, in the API's words.
    await page.getByText(status.label, { exact: true }).first().waitFor();
    await page.getByText(closedState, { exact: true }).first().waitFor();
    await page.getByRole('table', { name: 'My positions' }).getByText(SPLIT.symbol).first().waitFor();

    // The server's search finds what the shipped table lacks.
    await page.getByLabel('Symbol').fill(BOUGHT.symbol);
    await page
      .getByRole('listbox', { name: 'Matching symbols' })
      .getByRole('option', { name: new RegExp(`^${BOUGHT.symbol}`) })
      .click();
    await page.getByText('Palantir Technologies', { exact: false }).first().waitFor();
    await page.getByLabel('Quantity (shares)').fill(String(BOUGHT.quantity));
    // Before Review, the ticket says the order will wait for the open, and when that is.
    const waits = 'The market is closed: it waits and fills at the first price after it opens (Today 9:30 AM ET)';
    await page.getByText(waits, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Review order' }).click();
    await page.getByRole('dialog').getByText(`${waits}.`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Confirm buy' }).click();
    await page
      .getByText(
        `Market order waiting: Buy ${BOUGHT.quantity} ${BOUGHT.symbol}. Queued for the open. It is in Open orders until it fills.`,
      )
      .waitFor();
    const open = page.getByRole('list', { name: 'Open orders' });
    await open.getByText(`Buy ${BOUGHT.quantity} ${BOUGHT.symbol}`).waitFor();
    await open.getByText('Queued for the open').waitFor();
    await open.getByText('Pending', { exact: true }).waitFor();

    const orders = await ordersOf(player);
    expect(
      orders.map(({ type, side, symbol, quantity, status, reason }) => ({
        type,
        side,
        symbol,
        quantity,
        status,
        reason,
      })),
    ).toEqual([
      {
        type: 'market',
        side: 'buy',
        symbol: BOUGHT.symbol,
        quantity: BOUGHT.quantity,
        status: 'pending',
        reason: 'Queued for the open',
      },
    ]);
    await expectAccessible(page, `trading, queued for the open, ${size.width} px`);
    await shootFullPage(page, SHOTS, 'queued', { fromTop: true });
  }
  // Both orders were placed while the market was closed, before the open the split waits for.
  expect(apiNow()).toBeLessThan(OPEN);
}, 150_000);

it('at the open the orders fill, the split shows in each history, and the screens say the market is open', async () => {
  // The provider's word on the session comes a few seconds after the open (and the API reads it a poll later): a page
  // that reads the status at the open is told "closed" first, and must read it again.
  await waitUntil(OPEN + 5_000);
  await standIn?.command('market open');
  const status = await poll('the API never saw the market open', async () => {
    const now = await marketStatus();
    return now.open ? now : undefined;
  });
  // The session's first prices: the bought stock's, and the split stock's, adjusted by the provider.
  await standIn?.command(`price ${BOUGHT.symbol} ${BOUGHT.openPrice}`);
  await standIn?.command(`price ${SPLIT.symbol} ${SPLIT.adjustedPrice}`);

  for (const player of players) {
    const filled = await poll('the queued order never filled', async () => {
      const [order] = await ordersOf(player);
      return order?.status === 'filled' ? order : undefined;
    });
    expect(filled.fill?.price).toBe(BOUGHT.openPrice);
    const mine = await poll('the split was never applied', async () => {
      const user = await contestUserOf(player);
      return user.data.actions?.length ? user : undefined;
    });
    expect(
      mine.data.actions?.map(({ type, symbol, date, quantityBefore, quantityAfter }) => ({
        type,
        symbol,
        date,
        quantityBefore,
        quantityAfter,
      })),
    ).toEqual([{ type: 'split', symbol: SPLIT.symbol, date: SESSION_DATE, quantityBefore: 10, quantityAfter: 40 }]);
    const holdings = Object.fromEntries(mine.data.portfolio?.positions.map((p) => [p.symbol, p.quantity]) ?? []);
    expect(holdings).toEqual({ [SPLIT.symbol]: 40, [BOUGHT.symbol]: BOUGHT.quantity });
  }

  const openState = marketStateLabel(status, new Date(apiNow()));
  expect(openState).toBe('Open · closes 4:00 PM ET');
  await Promise.all(
    screens.map(async (page, index) => {
      const width = SIZES[index]?.width;
      // A fill's toast, in words; the order under Recent; the trade and the split in the history.
      await page
        .getByText(`Your market order to buy ${BOUGHT.quantity} ${BOUGHT.symbol} filled at ${money(BOUGHT.openPrice)}`)
        .waitFor({ timeout: 30_000 });
      await page
        .getByRole('list', { name: 'Recent orders' })
        .getByText(`Filled at ${money(BOUGHT.openPrice)}`)
        .waitFor();
      const history = page.getByRole('region', { name: 'Trade history' });
      await history.getByText(BOUGHT.symbol).first().waitFor();
      await history
        .getByRole('list', { name: 'Splits and dividends' })
        .getByText(`Split ${SPLIT.to}-for-${SPLIT.from}: 10 → 40 shares`)
        .waitFor();
      // The page reads the market's state again after the open, without a reload.
      await page.getByText(openState, { exact: true }).first().waitFor({ timeout: 75_000 });
      await page.getByText(status.label, { exact: true }).first().waitFor();
      await expectAccessible(page, `trading, filled at the open, ${width} px`);
      await shootFullPage(page, SHOTS, 'filled', { fromTop: true });
    }),
  );
}, 300_000); // LEAD_MS, then a tick for the fills and a minute for the pages' next read of the status
