// Results, insight and discovery in Chromium against the real stack: a public contest found in "Open to
// join", watched read-only from "Live now" by someone who does not play, the benchmark on a player's live screen, and
// the contest played to its end, where the results page shows the API's own numbers (its final board, each player's
// portfolio, and the equal-weight benchmark) at 390 and 1280 px. The contest starts 30 s after it is created and lasts
// 2 minutes (the API's local minimums); the steps run in order.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { formatMoney, roundHalfAway } from '../shared/src/format/format';
import {
  appUrl,
  callApi,
  createActiveUser,
  createContest,
  expectAccessible,
  launchBrowser,
  openTab,
  poll,
  shootFullPage,
  type TestPage,
  type TestUser,
  waitForPath,
  waitUntil,
  waitUntilLive,
} from './helpers';

type Player = TestUser & { callSign: string; id: string };
interface Standing {
  rank: number;
  userId: string;
  ticker: string;
  value: number;
  returnPct: number;
}
interface PlayerResult {
  player: Standing;
  cash: number;
  positions: { symbol: string; quantity: number; price: number; value: number }[];
  trades: { side: string; symbol: string; quantity: number }[];
  history: { t: string; value: number; rank: number }[];
  pickReturns: { symbol: string; returnPct: number }[];
}
interface Benchmark {
  name: string;
  points: { t: string; returnPct: number }[];
}

const SHOTS = path.resolve(__dirname, '..', '.data', 'results-shots');
const NAME = `E2E Results ${Date.now().toString(36).slice(-5)}`;

let browser: Browser;
let alice: Player;
let bob: Player;
let carol: Player;
let contestId: string;
let startsAt: number;
let endsAt: number;
const pages: TestPage[] = [];

/** "+4.50%" / "−1.20%" as the screens write a fraction (two decimals, half away from zero). */
function percent(fraction: number, digits = 2) {
  const rounded = roundHalfAway(fraction * 100, digits);
  if (rounded === 0) return `${(0).toFixed(digits)}%`;
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(digits)}%`;
}

async function open(user: Player, pathname: string, width = 1280): Promise<Page> {
  return (await openTab(browser, pages, pathname, { user, width, height: width < 500 ? 844 : 800 })).page;
}

const shoot = (page: Page, name: string) => shootFullPage(page, SHOTS, name);

beforeAll(async () => {
  browser = await launchBrowser();
  [alice, bob, carol] = [await createActiveUser(), await createActiveUser(), await createActiveUser()];
  startsAt = Date.now() + 32_000;
  endsAt = startsAt + 122_000;
  contestId = await createContest(alice, {
    name: NAME,
    description: 'Played to the end for its results.',
    startsAt,
    endsAt,
  });
  await callApi('POST', '/contest/join-contest', { user: alice, body: { contestId, picks: ['NVDA', 'TSLA'] } });
  await callApi('POST', '/contest/join-contest', { user: bob, body: { contestId, picks: ['AAPL', 'MSFT'] } });
}, 60_000);

afterAll(async () => {
  for (const tab of pages) await tab.context.close().catch(() => undefined);
  await browser?.close();
});

it('Carol, who has not joined, finds it under "Open to join" with its facts and Join', async () => {
  const page = await open(carol, '/home');
  const open_ = page.getByRole('region', { name: 'Open to join' });
  const card = open_.getByRole('article', { name: NAME });
  await card.waitFor({ timeout: 20_000 });
  await card.getByText('2 minutes').waitFor();
  await card.getByText('2 / 10').waitFor();
  expect(await card.getByRole('link', { name: `Join ${NAME}` }).getAttribute('href')).toBe(`/save-picks/${contestId}`);
  // Alice (a player) has it among her own upcoming contests, not among those open to join.
  const alicePage = await open(alice, '/home');
  await alicePage
    .getByRole('region', { name: 'Upcoming' })
    .getByRole('link', { name: new RegExp(NAME) })
    .waitFor({ timeout: 20_000 });
  expect(
    await alicePage.getByRole('region', { name: 'Open to join' }).getByRole('article', { name: NAME }).count(),
  ).toBe(0);
});

it('once live, Carol finds it under "Live now" and watches it read-only', async () => {
  await waitUntil(startsAt + 1_000);
  await waitUntilLive(alice, contestId);
  const page = await open(carol, '/home', 390);
  const card = page.getByRole('region', { name: 'Live now' }).getByRole('article', { name: NAME });
  await card.waitFor({ timeout: 20_000 });
  await shoot(page, 'home-live-now');
  await expectAccessible(page, 'home with Live now and Open to join');
  await card.getByRole('link', { name: `Watch ${NAME}` }).click();
  await waitForPath(page, `/live-contest/${contestId}`);
  await page.getByRole('note').filter({ hasText: 'You are not playing in this contest' }).waitFor();
  const board = page.getByRole('table', { name: 'Leaderboard' });
  await board.getByRole('link', { name: alice.callSign }).waitFor();
  await board.getByRole('link', { name: bob.callSign }).waitFor();
  expect(await page.getByRole('link', { name: 'Trade' }).count()).toBe(0);
  await page.getByText('How scoring works').click();
  await page.getByText(/share the better rank/).waitFor();
  await shoot(page, 'live-watching');
});

it("Alice's live screen draws the benchmark beside her value and says where she stands against the market", async () => {
  const page = await open(alice, `/live-contest/${contestId}`);
  const summary = page.getByLabel('My summary');
  await summary.getByText(/^(Ahead of|Behind|Level with) the market/).waitFor({ timeout: 30_000 });
  await page
    .getByRole('list', { name: 'Chart legend' })
    .getByText('Equal-weight index of the whole universe, from the same starting cash')
    .waitFor();
  await page.getByText('How scoring works').click();
  await page.getByText(/^Your row: /).waitFor();
  await shoot(page, 'live-player');
  // Two trades to show on the results.
  await callApi('POST', '/contest/trading', {
    user: alice,
    body: { contestId, symbol: 'TSLA', side: 'sell', quantity: 1 },
  });
  await callApi('POST', '/contest/trading', {
    user: alice,
    body: { contestId, symbol: 'AAPL', side: 'buy', quantity: 1 },
  });
});

it("after the end, Alice's results page shows the API's numbers: rank, value, return, the market, positions, trades, picks", async () => {
  await waitUntil(endsAt + 1_000);
  const board = await poll(
    'the contest never completed',
    () => callApi<{ standings: Standing[]; total: number }>('GET', `/contest/completed/${contestId}`, { user: alice }),
    { everyMs: 1_000 },
  );
  const mine = await callApi<PlayerResult>('GET', `/contest/completed/${contestId}/players/${alice.id}`, {
    user: alice,
  });
  const benchmark = await callApi<Benchmark>('GET', `/contest/${contestId}/benchmark`, { user: alice });
  const market = benchmark.points.at(-1)?.returnPct as number;
  expect(benchmark.points.map((p) => p.t)).toEqual(mine.history.map((p) => p.t));
  expect(board.standings.find((s) => s.userId === alice.id)).toEqual(mine.player);

  for (const width of [1280, 390]) {
    const page = await open(alice, `/contest-completed/${contestId}`, width);
    const result = page.getByLabel('Your result', { exact: true });
    await result.waitFor({ timeout: 30_000 });
    await result.getByText(`#${mine.player.rank}`, { exact: true }).waitFor();
    await result.getByText(formatMoney(mine.player.value), { exact: true }).waitFor();
    // The return, the market's and the best pick's may round to the same figure (the market is random): each is
    // looked for, not counted.
    await result.getByText(percent(mine.player.returnPct), { exact: true }).first().waitFor();
    await result.getByText(percent(market), { exact: true }).first().waitFor();
    const best = [...mine.pickReturns].sort((a, b) => b.returnPct - a.returnPct)[0];
    await result
      .getByText(percent(best?.returnPct as number), { exact: true })
      .first()
      .waitFor();

    // Positions at the final prices add up to the board's value.
    const positions = page
      .getByRole('region', { name: 'Your contest' })
      .getByRole('table', { name: 'Final positions at the final prices' });
    for (const p of mine.positions) await positions.getByRole('cell', { name: p.symbol, exact: true }).waitFor();
    const total = positions.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
    await total.getByText(formatMoney(mine.player.value)).waitFor();
    const trades = page
      .getByRole('region', { name: 'Your contest' })
      .getByRole('table', { name: 'Trades, newest first' });
    expect(await trades.getByRole('row').count()).toBe(1 + mine.trades.length);

    // The share text says the same, to the same precision.
    expect(await page.getByRole('textbox', { name: 'Share your result' }).inputValue()).toBe(
      `I finished #${mine.player.rank} of ${board.total} in ${NAME}, ${percent(mine.player.returnPct)} vs the market's ${percent(market)} ${appUrl(`/contest-completed/${contestId}`)}`,
    );
    await page.getByRole('figure', { name: 'Value over the contest' }).waitFor();
    await page.getByRole('figure', { name: 'Rank over the contest' }).waitFor();
    await shoot(page, 'results');
    if (width === 1280) await expectAccessible(page, 'completed contest results');
  }
}, 300_000);

it("Bob's row opens his final portfolio, as the API has it", async () => {
  const bobs = await callApi<PlayerResult>('GET', `/contest/completed/${contestId}/players/${bob.id}`, { user: carol });
  const page = await open(alice, `/contest-completed/${contestId}`, 390);
  const link = page
    .getByRole('table', { name: 'Final standings' })
    .getByRole('link', { name: `View ${bob.callSign}'s portfolio` });
  // From the keyboard: the figures above the table arrive after it and move it down, and a pointer's click aimed
  // before they did can land beside the link.
  await link.focus();
  await page.keyboard.press('Enter');
  await waitForPath(page, `/contest-completed/${contestId}?player=${encodeURIComponent(bob.id)}`);
  const panel = page.getByRole('region', { name: `${bob.callSign}'s portfolio` });
  const result = panel.getByLabel(`${bob.callSign}'s result`);
  await result.getByText(formatMoney(bobs.player.value), { exact: true }).waitFor({ timeout: 20_000 });
  await result.getByText(`#${bobs.player.rank}`, { exact: true }).waitFor();
  for (const p of bobs.positions) await panel.getByRole('cell', { name: p.symbol, exact: true }).waitFor();
  await panel.getByText(`No trades: ${bob.callSign} held the starting picks to the end.`).waitFor();
  await shoot(page, 'results-other-player');
  await expectAccessible(page, 'another player portfolio');
});
