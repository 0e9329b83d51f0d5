// Notifications in Chromium against the real stack, on a phone (390×844) and a laptop (1280×800): a player whose limit
// order fills sees the bell light up with the unread count (live, over the stream), opens the panel, follows the
// notification to the trading screen, and the count goes down; the open panel passes axe and the page never scrolls
// sideways. A contest's end lights the bell too, with the final rank, and leads to the results; a player who asked for
// texts finds the start's text in the local outbox. Screenshots go to .e2e-artifacts/notifications.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { API_PATHS } from '../contract/src/paths';
import {
  callApi,
  closeAll,
  createActiveUser,
  createContestAhead,
  expectAccessible,
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
  waitForPath,
  waitUntilLive,
} from './helpers';

const SHOTS = path.resolve(__dirname, '..', '.e2e-artifacts', 'notifications');
const SYMBOL = 'AAPL';

let browser: Browser;
let contestId: string;
/** A contest as short as the stack allows, that ends while the journeys run. */
let shortId: string;
const players = new Map<number, TestUser>();

/** A zone where it is day now (texts are never sent between 21:00 and 08:00 in the player's zone). */
function daytimeZone(): string {
  const zones = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'America/Los_Angeles', 'Asia/Kolkata'];
  const hourIn = (timeZone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  return zones.find((zone) => hourIn(zone) >= 9 && hourIn(zone) < 20) ?? 'Pacific/Kiritimati';
}
const tabs: TestPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const creator = await createActiveUser();
  contestId = await createContestAhead(creator, {
    name: 'E2E Notifications',
    description: 'A fill that rings the bell.',
  });
  shortId = await createContestAhead(creator, {
    name: 'E2E Short Sprint',
  });
  for (const { width } of SIZES) {
    const player = await createActiveUser();
    // Texts for a contest's start, in a zone where it is day now.
    await callApi('POST', API_PATHS.notificationPreferences, {
      user: player,
      body: { preferences: { 'contest-started': { inApp: true, text: true } }, timeZone: daytimeZone() },
    });
    for (const id of [contestId, shortId])
      await callApi('POST', API_PATHS.joinContest, { user: player, body: { contestId: id, picks: [SYMBOL, 'MSFT'] } });
    players.set(width, player);
  }
  await startSoon(creator, contestId, 20 * 60_000);
  await startSoon(creator, shortId, stack().contest.minDurationMs);
});

afterAll(() => closeAll(browser, tabs));

interface Listed {
  notifications: { _id: string; kind: string; title: string; href: string; readAt: string | null }[];
  unread: number;
}

/**
 * Waits until the server's list passes `ready` and the page's bell shows the server's unread count; the list. The
 * count is read from the server rather than assumed: the short contest's end, due while these steps run, rings the
 * bell too.
 */
function bellAgrees(page: Page, tokens: Tokens, ready: (listed: Listed) => boolean): Promise<Listed> {
  return poll(
    "the bell never showed the server's count",
    async () => {
      const listed = await callApi<Listed>('GET', API_PATHS.notifications, { tokens });
      if (!ready(listed)) return undefined;
      const name = listed.unread === 0 ? 'Notifications' : `Notifications, ${listed.unread} unread`;
      return (await page.getByRole('button', { name, exact: true }).count()) > 0 ? listed : undefined;
    },
    { timeoutMs: 60_000, everyMs: 500 },
  );
}

describe.each(SIZES)('at $width×$height', ({ width, height }) => {
  it('a filled limit order lights the bell, and its notification leads to the trading screen', async () => {
    const player = players.get(width) as TestUser;
    const tokens = await tokensFor(player);
    await waitUntilLive(player, contestId);
    const { page } = await openTab(browser, tabs, '/home', { user: player, width, height });
    const bell = page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
    await bell.waitFor({ timeout: 30_000 });
    // The contest's start is told already: the count the stream gave matches the list.
    const before = await bellAgrees(page, tokens, (listed) =>
      listed.notifications.some((n) => n.kind === 'contest-started'),
    );

    // A limit sell far below the price fills at the next tick.
    const placed = await callApi<{ data: { order: { _id: string } } }>('POST', API_PATHS.placeOrder, {
      tokens,
      body: { contestId, symbol: SYMBOL, side: 'sell', quantity: 1, type: 'limit', limitPrice: 1 },
    });
    expect(placed.data.order._id).toEqual(expect.any(String));
    // The bell lights up live, without a reload.
    const shown = await bellAgrees(page, tokens, (listed) =>
      listed.notifications.some((n) => n.kind === 'order-filled'),
    );
    expect(shown.unread).toBeGreaterThan(before.unread);

    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const filled = panel.getByRole('link', { name: new RegExp(`Order filled: sell 1 ${SYMBOL}`) });
    await filled.waitFor();
    // Newest first: the fill above the start.
    const titles = await panel.getByRole('link').allInnerTexts();
    const fillAt = titles.findIndex((text) => text.includes('Order filled'));
    const startAt = titles.findIndex((text) => text.includes('E2E Notifications has started'));
    expect(fillAt).toBeGreaterThanOrEqual(0);
    expect(startAt).toBeGreaterThan(fillAt);
    await shootFullPage(page, SHOTS, `${width}-panel`, {});
    await expectAccessible(page, `notifications panel at ${width}`);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways).toBe(false);

    await filled.click();
    await waitForPath(page, `/trading/${contestId}`);
    await page.getByRole('heading', { name: 'Trading' }).waitFor({ timeout: 30_000 });
    // Followed, the fill is read, and the bell agrees with the server's count again.
    await bellAgrees(page, tokens, (listed) =>
      Boolean(listed.notifications.find((n) => n.kind === 'order-filled')?.readAt),
    );
  });

  it("a contest's end lights the bell with the final rank and leads to the results; the start's text is in the outbox", async () => {
    const player = players.get(width) as TestUser;
    const tokens = await tokensFor(player);
    const ended = await poll(
      "the short contest's end",
      async () => {
        const listed = await callApi<Listed>('GET', API_PATHS.notifications, { tokens });
        return listed.notifications.find((n) => n.kind === 'contest-ended' && n.href.endsWith(shortId));
      },
      { timeoutMs: 120_000, everyMs: 1_000 },
    );
    expect(ended).toMatchObject({ title: 'E2E Short Sprint has ended', href: `/contest-completed/${shortId}` });

    const { page } = await openTab(browser, tabs, '/home', { user: player, width, height });
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click({ timeout: 30_000 });
    const link = page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: /E2E Short Sprint has ended/ });
    // The body says where the player finished.
    await expect(link.textContent()).resolves.toMatch(/#\d+ of \d+/);
    await link.click();
    await waitForPath(page, `/contest-completed/${shortId}`);
    await page
      .getByRole('heading', { name: /E2E Short Sprint/ })
      .first()
      .waitFor({ timeout: 30_000 });

    // The player asked for a text when a contest starts: the local sender's outbox has one for each start, to their
    // phone number.
    const outbox = await fetch(`${stack().api}${API_PATHS.devOutbox}`).then(
      (response) => response.json() as Promise<{ messages: { to: string; body: string; kind: string }[] }>,
    );
    const texts = outbox.messages.filter(
      (message) => message.to === player.phone && message.kind === 'contest-started',
    );
    expect(texts.map((text) => text.body).sort()).toEqual([
      expect.stringContaining('E2E Notifications'),
      expect.stringContaining('E2E Short Sprint'),
    ]);
  });
});
