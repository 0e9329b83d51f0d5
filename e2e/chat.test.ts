// Contest and team chat in Chromium against the real stack, on a phone (390×844) and a laptop (1280×800): two players
// chat on a live contest's screen (on the phone behind the "Chat" button, whose count says what came in meanwhile; on
// the laptop in the side panel), and a team plans in its own channel on the contest's detail before the start, where
// the other team never sees it. Every screen with the chat open is axe-clean and never scrolls sideways. Screenshots go
// to .e2e-artifacts/chat for a person to look at.
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
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
  startSoon,
  type TestPage,
  type TestUser,
  waitUntilLive,
} from './helpers';

type Player = TestUser & { callSign: string; id: string };

const SHOTS = path.resolve(__dirname, '..', '.e2e-artifacts', 'chat');

let browser: Browser;
let liveId: string;
let teamId: string;
let alice: Player;
let bob: Player;
let bull1: Player;
let bull2: Player;
let bear: Player;
const tabs: TestPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  [alice, bob, bull1, bull2, bear] = [
    await createActiveUser(),
    await createActiveUser(),
    await createActiveUser(),
    await createActiveUser(),
    await createActiveUser(),
  ];
  liveId = await createContestAhead(alice, {
    name: `E2E Chat ${Date.now().toString(36).slice(-4)}`,
  });
  for (const who of [alice, bob]) {
    await callApi('POST', API_PATHS.joinContest, { user: who, body: { contestId: liveId, picks: ['AAPL', 'MSFT'] } });
  }
  teamId = await createContestAhead(bull1, {
    name: `E2E Team Chat ${Date.now().toString(36).slice(-4)}`,
    affiliations: ['Bulls', 'Bears'],
  });
  for (const [who, team] of [
    [bull1, 'Bulls'],
    [bull2, 'Bulls'],
    [bear, 'Bears'],
  ] as const) {
    await callApi('POST', API_PATHS.joinContest, {
      user: who,
      body: { contestId: teamId, picks: ['AAPL', 'MSFT'], affiliation: team },
    });
  }
  await startSoon(alice, liveId, 20 * 60_000);
  await waitUntilLive(alice, liveId);
}, 180_000);

afterAll(() => closeAll(browser, tabs));

async function open(who: Player, size: (typeof SIZES)[number], address: string): Promise<Page> {
  return (await openTab(browser, tabs, address, { ...size, user: who })).page;
}

/** The chat's messages region: on a phone inside the sheet the "Chat" button opens. */
async function openChat(page: Page, size: (typeof SIZES)[number]) {
  if (size.width < 992) {
    await page.getByRole('button', { name: /^Chat/ }).click();
    return page.getByRole('dialog', { name: 'Chat' });
  }
  return page.getByRole('region', { name: 'Chat' });
}

/** The panel's list of messages: a message just sent is looked for there, not in the box it was typed in (which keeps
 *  the text until the send is acknowledged). */
const messagesOf = (chat: Locator) => chat.getByRole('list', { name: 'Messages' });

async function noSidewaysScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}

describe.each(SIZES)('chat at $width px', (size) => {
  test('two players chat on a live contest: a message reaches the other at once', async () => {
    const [mine, theirs] = [
      await open(alice, size, `/live-contest/${liveId}`),
      await open(bob, size, `/live-contest/${liveId}`),
    ];
    for (const page of [mine, theirs]) await page.getByRole('heading', { name: 'Leaderboard' }).waitFor();
    const chat = await openChat(mine, size);
    const text = `Good luck at ${size.width}!`;
    const box = chat.getByRole('textbox', { name: 'Message the contest' });
    await box.fill(text);
    await box.press('Enter');
    await messagesOf(chat).getByText(text, { exact: true }).waitFor();
    await poll('the message box was not emptied', async () => ((await box.inputValue()) === '' ? true : undefined), {
      timeoutMs: 10_000,
      everyMs: 100,
    });

    if (size.width < 992) {
      // Bob's sheet is closed: his button counts the message, and opening the sheet shows it.
      await theirs.getByRole('button', { name: /^Chat \d+ unread$/ }).waitFor({ timeout: 20_000 });
    }
    const other = await openChat(theirs, size);
    const arrived = messagesOf(other).getByText(text, { exact: true });
    await arrived.waitFor({ timeout: 20_000 });
    await expect(other.getByText(alice.callSign).first().isVisible()).resolves.toBe(true);
    // The message is text, and a link a player writes is a link with rel ugc.
    const reply = 'See https://example.com/notes and <b>this</b>';
    const otherBox = other.getByRole('textbox', { name: 'Message the contest' });
    await otherBox.fill(reply);
    await otherBox.press('Enter');
    // The last one: the contest's chat keeps the other size's messages too.
    const link = chat.getByRole('link', { name: 'https://example.com/notes' }).last();
    await link.waitFor({ timeout: 20_000 });
    await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer nofollow ugc');
    await messagesOf(chat).getByText(reply, { exact: true }).last().waitFor();

    for (const page of [mine, theirs]) await noSidewaysScroll(page);
    await expectAccessible(mine, `live contest with chat at ${size.width}`);
    await shootFullPage(mine, SHOTS, 'live-contest-chat');
  });

  test('a team plans in its own channel before the start; the other team never sees it', async () => {
    const [planner, mate, rival] = [
      await open(bull1, size, `/contest-detail/${teamId}`),
      await open(bull2, size, `/contest-detail/${teamId}`),
      await open(bear, size, `/contest-detail/${teamId}`),
    ];
    const chat = await openChat(planner, size);
    await chat.getByRole('tab', { name: /Team/ }).click();
    const plan = `Bulls buy the dip (${size.width})`;
    const box = chat.getByRole('textbox', { name: 'Message your team' });
    await box.fill(plan);
    await box.press('Enter');
    await messagesOf(chat).getByText(plan, { exact: true }).waitFor();

    const mateChat = await openChat(mate, size);
    await mateChat.getByRole('tab', { name: /Team/ }).click();
    await messagesOf(mateChat).getByText(plan, { exact: true }).waitFor({ timeout: 20_000 });

    const rivalChat = await openChat(rival, size);
    await rivalChat.getByRole('tab', { name: /Team/ }).click();
    await rivalChat.getByRole('textbox', { name: 'Message your team' }).waitFor();
    await expect(rivalChat.getByText(plan, { exact: true }).count()).resolves.toBe(0);

    for (const page of [planner, rival]) await noSidewaysScroll(page);
    await expectAccessible(planner, `contest detail with team chat at ${size.width}`);
    await shootFullPage(planner, SHOTS, 'team-chat');
  });
});
