// The live page opened during a contest's countdown turns into the live board at the start, by itself, for a player
// and for a watcher. A cold load sends the page's first reads before the page is drawn (the board among them), and
// the API refuses the board until the clock has started the contest: that refusal must not be what the board shows
// after the start. The e2e stack's short contest rules (e2e/settings.mjs) make the wait a few seconds.
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import {
  callApi,
  closeAll,
  createActiveUser,
  createContest,
  launchBrowser,
  openTab,
  stack,
  type TestPage,
  type TestUser,
} from './helpers';

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '.e2e-artifacts/live-start';
const COUNTDOWN = 'This contest is not live yet. Trading opens when it starts.';
const BOARD_ERROR = 'Could not load the standings';

let browser: Browser;
let player: TestUser & { callSign: string };
let watcher: TestUser;
const tabs: TestPage[] = [];

async function open(user: TestUser, path: string, width: number, height: number): Promise<Page> {
  return (await openTab(browser, tabs, path, { user, width, height })).page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  [player, watcher] = [await createActiveUser(), await createActiveUser()];
});

afterAll(() => closeAll(browser, tabs));

it('a live page opened before the start shows the board after it, without a reload, to a player and a watcher', async () => {
  const { minLeadMs, minDurationMs, tickMs } = stack().contest;
  // Room for three cold page loads on a loaded machine before the start.
  const startsAt = Date.now() + Math.max(minLeadMs + 2_000, 20_000);
  const contestId = await createContest(player, {
    name: 'E2E Opening Bell',
    startsAt,
    endsAt: startsAt + Math.max(minDurationMs, 60_000),
  });
  await callApi('POST', '/contest/join-contest', { user: player, body: { contestId, picks: ['AAPL', 'MSFT'] } });

  const path = `/live-contest/${contestId}`;
  const pages = await Promise.all([
    open(player, path, 1280, 800),
    open(player, path, 390, 844),
    open(watcher, path, 1280, 800),
  ]);
  for (const page of pages) await page.getByText(COUNTDOWN).waitFor();
  expect(Date.now()).toBeLessThan(startsAt);

  // The clock starts the contest on its first tick after the start; the page sees it on its next look (every 2 s).
  const timeout = startsAt - Date.now() + 4 * tickMs + 10_000;
  for (const page of pages) {
    await page.getByRole('table', { name: 'Leaderboard' }).waitFor({ timeout });
    await page.getByRole('row').filter({ hasText: player.callSign }).first().waitFor();
    await expect(page.getByText(BOARD_ERROR).count()).resolves.toBe(0);
  }
  // Still there a tick later: the board follows the stream rather than falling back to the error.
  await new Promise((resolve) => setTimeout(resolve, 2 * tickMs));
  for (const page of pages) {
    await expect(page.getByText(BOARD_ERROR).count()).resolves.toBe(0);
    await expect(page.getByRole('table', { name: 'Leaderboard' }).count()).resolves.toBe(1);
  }
  await pages[0]?.getByLabel('My summary').waitFor();
  await pages[1]?.getByLabel('My summary').waitFor();
  // The page's note (the chat beside it has its own, on who may post there).
  await pages[2]?.getByRole('note').filter({ hasText: 'You are not playing in this contest' }).waitFor();

  await mkdir(SHOTS_DIR, { recursive: true });
  await pages[0]?.screenshot({ path: `${SHOTS_DIR}/player-1280.png`, fullPage: true });
  await pages[1]?.screenshot({ path: `${SHOTS_DIR}/player-390.png`, fullPage: true });
  await pages[2]?.screenshot({ path: `${SHOTS_DIR}/watcher-1280.png`, fullPage: true });

  // The player's trading screen from there: a limit order asks for its price without calling it wrong yet.
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    const trading = await open(player, `/trading/${contestId}`, width, height);
    await trading.getByRole('button', { name: 'AAPL', exact: true }).click();
    await trading.getByLabel('Order type').selectOption('limit');
    await trading.getByLabel('Limit price ($)').waitFor();
    await expect(trading.getByText(/Enter a limit price/).count()).resolves.toBe(0);
    await trading.getByText('Available to sell').waitFor();
    await trading.screenshot({ path: `${SHOTS_DIR}/trading-${width}.png`, fullPage: true });
  }
});
