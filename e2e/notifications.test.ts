// Notifications in Chromium against the real stack, on a phone (390×844) and a laptop (1280×800): a player whose limit
// order fills sees the bell light up with the unread count (live, over the stream), opens the panel, follows the
// notification to the trading screen, and the count goes down; the open panel passes axe and the page never scrolls
// sideways. Screenshots go to .e2e-artifacts/notifications for a person to look at.
import path from 'node:path';
import type { Browser } from 'playwright-core';
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
  startSoon,
  type TestPage,
  type TestUser,
  tokensFor,
  waitForPath,
  waitUntilLive,
} from './helpers';

const SHOTS = path.resolve(__dirname, '..', '.e2e-artifacts', 'notifications');
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const SYMBOL = 'AAPL';

let browser: Browser;
let contestId: string;
const players = new Map<number, TestUser>();
const tabs: TestPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const creator = await createActiveUser();
  const later = Date.now() + 60 * 60_000;
  contestId = await createContest(creator, {
    name: 'E2E Notifications',
    description: 'A fill that rings the bell.',
    startsAt: later,
    endsAt: later + 60 * 60_000,
  });
  for (const { width } of SIZES) {
    const player = await createActiveUser();
    await callApi('POST', API_PATHS.joinContest, { user: player, body: { contestId, picks: [SYMBOL, 'MSFT'] } });
    players.set(width, player);
  }
  await startSoon(creator, contestId, 20 * 60_000);
});

afterAll(async () => {
  for (const tab of tabs) await tab.context.close();
  await browser?.close();
});

interface Listed {
  notifications: { _id: string; kind: string; title: string; href: string; readAt: string | null }[];
  unread: number;
}

describe.each(SIZES)('at $width×$height', ({ width, height }) => {
  it('a filled limit order lights the bell, and its notification leads to the trading screen', async () => {
    const player = players.get(width) as TestUser;
    const tokens = await tokensFor(player);
    await waitUntilLive(player, contestId);
    const tab = await newPage(browser, { user: player, width, height });
    tabs.push(tab);
    const { page } = tab;
    await page.goto(appUrl('/home'));
    const bell = page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
    await bell.waitFor({ timeout: 30_000 });
    // The contest's start is told already: the count the stream gave matches the list.
    const before = await poll('the start notification', async () => {
      const listed = await callApi<Listed>('GET', API_PATHS.notifications, { tokens });
      return listed.notifications.some((n) => n.kind === 'contest-started') ? listed : undefined;
    });
    await page.getByRole('button', { name: `Notifications, ${before.unread} unread` }).waitFor({ timeout: 30_000 });

    // A limit sell far below the price fills at the next tick.
    const placed = await callApi<{ data: { order: { _id: string } } }>('POST', API_PATHS.placeOrder, {
      tokens,
      body: { contestId, symbol: SYMBOL, side: 'sell', quantity: 1, type: 'limit', limitPrice: 1 },
    });
    expect(placed.data.order._id).toEqual(expect.any(String));
    // The bell lights up live, without a reload.
    await page.getByRole('button', { name: `Notifications, ${before.unread + 1} unread` }).waitFor({ timeout: 60_000 });

    await page.getByRole('button', { name: `Notifications, ${before.unread + 1} unread` }).click();
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
    await page
      .getByRole('button', { name: before.unread === 0 ? 'Notifications' : `Notifications, ${before.unread} unread` })
      .waitFor();
    const after = await callApi<Listed>('GET', API_PATHS.notifications, { tokens });
    expect(after.notifications.find((n) => n.title.startsWith('Order filled'))?.readAt).not.toBeNull();
  });
});
