// Layouts at 390 px and 1280 px (DESIGN §8): every screen of SPEC §2, with real data from the API, at
// 390x844 (a phone) and 1280x800 (a laptop). On each screen and width:
//   - the page never scrolls sideways (document scrollWidth ≤ viewport width), and nothing visible sticks out of
//     the viewport (a parent with overflow-x: hidden would hide a page scroll, not the clipping);
//   - no table cell (th, td) is clipped: its content fits its box (scrollWidth ≤ clientWidth + 1);
//   - no box cuts its content off sideways (overflow-x hidden/clip/auto/scroll with scrollWidth > clientWidth + 1),
//     except, at 390 px only, a deliberate sideways scroller: a wrapper with overflow-x auto/scroll that holds a table
//     and is reachable by keyboard (tabindex ≥ 0, as WCAG 2.1.1 asks of a scrollable region). At 1280 px nothing may
//     scroll sideways: every table fits its card;
//   - on the join information and the invitation at 390 px, the join action is on the first screen, not below the
//     rules.
// A full-page screenshot of each screen and width goes to .data/layout-shots/ (not committed): look at them, the
// charts draw on a canvas no DOM check can read.
//
// Every piece of user text (contest names and descriptions, team names, display names, bios) holds a word as long as
// its field allows, with no place to break, and some sweeps check the Details screens after, in the same page
// session, the screens that load every other stylesheet (issue 29).
//
// Data: an upcoming solo contest (joined), an upcoming team contest, a cancelled one, and a solo and a team contest
// created an hour ahead, swept as upcoming, then moved to start a few seconds later (startSoon) and run for
// LIVE_DURATION_MS, traded in through the API so positions and trade history exist; the completed screens at the end.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  appUrl,
  callApi,
  createActiveUser,
  createContest,
  createUser,
  launchBrowser,
  mainHeading,
  newPage,
  sleep,
  startSoon,
  type TestUser,
  waitForPath,
  waitForStatus,
  waitUntil,
} from './helpers';

type Player = TestUser & { callSign: string };

const SHOTS = path.resolve(__dirname, '..', '.data', 'layout-shots');
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

// A word as long as the field allows, with no place to break: a pasted link, a name typed without spaces.
const unbroken = (stem: string, length: number) => stem.repeat(Math.ceil(length / stem.length)).slice(0, length);
/** A 200-character link. */
const LONG_URL = `https://example.com/${unbroken('portfolio0123', 180)}`;
const UPCOMING = unbroken('FridayNightPortfolioChallenge', 60);
const UPCOMING_TEAM = `Office League: ${unbroken('ValueVersusMomentum', 45)}`;
const CANCELLED = `Cancelled ${unbroken('LunchtimeSprint', 50)}`;
const LIVE = `Tech ${unbroken('TwoMinuteSprint', 55)}`;
const LIVE_TEAM = `Team Sprint: ${unbroken('BullsAndBears', 47)}`;
const TEAMS = [unbroken('ValueInvestorsClub', 40), unbroken('MomentumTraders', 40)];
/** A description: a sentence, then the link. */
const described = (sentence: string) => `${sentence} Rules and prizes: ${LONG_URL}`;

let browser: Browser;
let alice: Player; // creates the contests and plays in all of them
let bob: Player; // plays in the live ones
let carol: Player; // plays in the live team contest
let dave: Player; // active, joins nothing
let upcomingId: string;
let upcomingTeamId: string;
let cancelledId: string;
let liveId: string;
let liveTeamId: string;
let liveStartsAt: number;
let liveEndsAt: number;
/** Long enough to check every live screen at both widths on a loaded machine. */
const LIVE_DURATION_MS = 150_000;
const report: Record<string, string[]> = {};

// --- the check ----------------------------------------------------------------------------------------------------

/** Runs in the page: every layout problem on it, each naming the offending element. */
function findProblems({
  allowTableScrollers,
  joinAction,
}: {
  allowTableScrollers: boolean;
  joinAction: string | null;
}) {
  const problems: string[] = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;

  const describe = (element: Element) => {
    const tag = element.tagName.toLowerCase();
    const id = element.id ? `#${element.id}` : '';
    const classes = [...element.classList]
      .slice(0, 3)
      .map((name) => `.${name}`)
      .join('');
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    let where = '';
    for (let node = element.parentElement; node; node = node.parentElement) {
      const label =
        node.getAttribute('aria-label') ??
        (node.getAttribute('aria-labelledby')
          ? document.getElementById(node.getAttribute('aria-labelledby') ?? '')?.textContent
          : null) ??
        (node.tagName === 'TABLE' ? node.querySelector('caption')?.textContent : null);
      if (label) {
        where = ` in “${label.trim().slice(0, 40)}”`;
        break;
      }
    }
    return `<${tag}${id}${classes}> “${text}”${where}`;
  };
  const visible = (element: Element) => {
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1 && !element.closest('.visually-hidden');
  };
  const clipsX = (element: Element) =>
    ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(element).overflowX);
  const isChartInternal = (element: Element) => Boolean(element.closest('.tv-lightweight-charts'));
  const isAllowedScroller = (element: Element) => {
    const style = getComputedStyle(element);
    return (
      allowTableScrollers &&
      ['auto', 'scroll'].includes(style.overflowX) &&
      element.querySelector('table') !== null &&
      (element as HTMLElement).tabIndex >= 0
    );
  };

  // 1. The page itself, with the elements that reach furthest right (visible or not: a visually-hidden word that
  // escapes its scroller widens the page too).
  const page = document.documentElement;
  if (page.scrollWidth > vw) {
    const widest = [...document.body.querySelectorAll('*')]
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ right }) => right > vw + 1)
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ element, right }) => `${describe(element)} (right edge ${Math.round(right)})`);
    problems.push(`the page scrolls sideways: scrollWidth ${page.scrollWidth} > ${vw}; widest: ${widest.join('; ')}`);
  }

  const all = [...document.body.querySelectorAll('*')].filter(
    (element) => !isChartInternal(element) && visible(element),
  );

  // 2. Boxes that cut their content off sideways. A text field is not one: a value longer than the field scrolls
  // inside it, as in every text field.
  for (const element of all) {
    if (element === document.body || !clipsX(element) || element.matches('input, textarea')) continue;
    const over = element.scrollWidth - element.clientWidth;
    if (over <= 1) continue;
    if (isAllowedScroller(element)) continue;
    const kind = ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) ? 'scrolls sideways' : 'clips';
    problems.push(`${describe(element)} ${kind}: content ${element.scrollWidth} px in ${element.clientWidth} px`);
  }

  // 3. Table cells whose content does not fit.
  for (const cell of all.filter((element) => element.matches('th, td'))) {
    if (cell.scrollWidth > cell.clientWidth + 1) {
      problems.push(`cell ${describe(cell)} is clipped: content ${cell.scrollWidth} px in ${cell.clientWidth} px`);
    }
  }

  // 4. Anything visible outside the viewport, unless a scroller (checked above) holds it. Only the outermost.
  const outside = new Set<Element>();
  for (const element of all) {
    let inScroller = false;
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      if (clipsX(node)) inScroller = true;
    }
    if (inScroller) continue;
    const rect = element.getBoundingClientRect();
    // Wholly off to the left on purpose (a skip link until it has the focus): it widens nothing.
    if (rect.right <= 0 && ['absolute', 'fixed'].includes(getComputedStyle(element).position)) continue;
    if (rect.right > vw + 1 || rect.left < -1) {
      outside.add(element);
      if (element.parentElement && outside.has(element.parentElement)) continue;
      problems.push(
        `${describe(element)} sticks out of the viewport: ${Math.round(rect.left)}..${Math.round(rect.right)} of ${vw}`,
      );
    }
  }

  // 5. Words that spill out of their box into a neighbour (a price under a Cancel button): text laid out beyond the
  // right edge of a box that does not clip, inside the viewport, so the checks above do not see it. Only the
  // outermost box that holds such text is named.
  const spilling = new Set<Element>();
  for (const element of all) {
    const style = getComputedStyle(element);
    if (style.display.startsWith('inline') || clipsX(element) || ['absolute', 'fixed'].includes(style.position))
      continue;
    if (element.scrollWidth <= element.clientWidth + 1) continue;
    // Inside a box already named, or a visually hidden one (clipped to nothing, like Amplify's hidden legend).
    let skip = false;
    for (let node = element.parentElement; node && !skip; node = node.parentElement) {
      const box = getComputedStyle(node);
      skip =
        spilling.has(node) || box.clip !== 'auto' || box.clipPath !== 'none' || node.getBoundingClientRect().width <= 1;
    }
    if (skip) continue;
    const edge = element.getBoundingClientRect().right;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const holder = text.parentElement;
      if (!text.textContent?.trim() || !holder || !visible(holder) || isChartInternal(holder)) continue;
      if (holder.closest('[style*="position: absolute"], [style*="position:absolute"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const right = Math.max(...[...range.getClientRects()].map((rect) => rect.right));
      if (right > edge + 1) {
        spilling.add(element);
        problems.push(
          `${describe(element)} lets “${text.textContent.trim().slice(0, 30)}” spill out: text to ${Math.round(right)}, box ends at ${Math.round(edge)}`,
        );
        break;
      }
    }
  }

  // 5. The join action on the first screen.
  if (joinAction) {
    const action = [...document.querySelectorAll('main a, main button')].find(
      (element) => (element.textContent ?? '').trim() === joinAction,
    );
    if (!action) problems.push(`no “${joinAction}” action`);
    else if (action.getBoundingClientRect().bottom > vh) {
      problems.push(
        `“${joinAction}” is below the first screen: its bottom at ${Math.round(action.getBoundingClientRect().bottom)} of ${vh}`,
      );
    }
  }
  return problems;
}

/** Waits for fonts, finished animations and two frames: the layout the user sees. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? 0));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

const slug = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

interface Visit {
  user?: TestUser;
  path: string;
  /** Waits until the screen shows its real data. */
  ready: (page: Page) => Promise<unknown>;
  /** Steps after loading (e.g. choosing picks) that lead to the screen to check. */
  steps?: (page: Page) => Promise<unknown>;
  /** The join action that must be on the first screen at 390 px. */
  joinAction?: string;
}

/** Visits the screen at both widths, screenshots it, and fails with every problem, named by screen and width. */
async function sweep(screen: string, visit: Visit) {
  const found: string[] = [];
  for (const viewport of VIEWPORTS) {
    const tab = await newPage(browser, { ...viewport, user: visit.user });
    try {
      const { page } = tab;
      await page.goto(appUrl(visit.path));
      await visit.ready(page);
      await visit.steps?.(page);
      await settle(page);
      const problems = await page.evaluate(findProblems, {
        allowTableScrollers: viewport.width < 480,
        joinAction: viewport.width < 480 ? (visit.joinAction ?? null) : null,
      });
      await page.screenshot({ path: path.join(SHOTS, `${viewport.width}-${slug(screen)}.png`), fullPage: true });
      for (const problem of problems) found.push(`${screen} at ${viewport.width}x${viewport.height}: ${problem}`);
    } finally {
      await tab.context.close();
    }
  }
  report[screen] = found;
  expect({ screen, problems: found }).toEqual({ screen, problems: [] });
}

// --- the stylesheets' order --------------------------------------------------------------------------------------
// A screen's stylesheet stays in the page when the router moves on: a rule of one screen that reaches another's
// markup shows only after the first was visited (issue 29: the Details tiles broke after the profile, live or
// trading had loaded parts.css). So some sweeps visit, in one page session, the screens that load every stylesheet
// first, then check the screens that show Details tiles. (Onboarding loads no sheet the profile does not: parts.css.)

/** A rule of each stylesheet loaded on demand, read back from a probe element: the sheet is in the page. */
const STYLESHEETS = {
  'parts.css': { className: 'bp-quote', property: 'display', value: 'flex' },
  'chart.css': { className: 'bp-chart__legend', property: 'display', value: 'flex' },
  'boards.css': { className: 'bp-board', property: 'display', value: 'grid' },
  'contest-form.css': { className: 'contest-form__segmented', property: 'display', value: 'inline-flex' },
  'picks.css': { className: 'picker-selection', property: 'position', value: 'sticky' },
  'invitation.css': { className: 'invitation-link', property: 'display', value: 'flex' },
  'podium.css': { className: 'podium', property: 'display', value: 'grid' },
} as const;
type Stylesheet = keyof typeof STYLESHEETS;

/** Runs in the page: the stylesheets whose probe rule does not apply. */
function missingStylesheets(probes: { sheet: string; className: string; property: string; value: string }[]) {
  return probes
    .filter(({ className, property, value }) => {
      const probe = document.createElement('div');
      probe.className = className;
      document.body.append(probe);
      const applied = getComputedStyle(probe).getPropertyValue(property) === value;
      probe.remove();
      return !applied;
    })
    .map(({ sheet }) => sheet);
}

/** Runs in the page: Details tiles whose value is not under its label, or whose short value breaks across lines
 *  ("$100,0 / 00", "Publi / c"); none at all is a problem too. */
function tileProblems() {
  const items = [...document.querySelectorAll('main .bp-facts--tiles .bp-facts__item')];
  if (items.length === 0) return ['no Details tiles'];
  const problems: string[] = [];
  for (const item of items) {
    const label = item.querySelector('dt');
    const value = item.querySelector('.bp-facts__value');
    if (!label || !value) continue;
    const name = (label.textContent ?? '').trim();
    const text = (value.textContent ?? '').trim();
    if (value.getBoundingClientRect().top < label.getBoundingClientRect().bottom - 1) {
      problems.push(`the tile “${name}” has its value “${text}” beside its label, not under it`);
    }
    const range = document.createRange();
    range.selectNodeContents(value);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    if (text.length <= 12 && lines > 1)
      problems.push(`the tile “${name}” breaks its value “${text}” over ${lines} lines`);
  }
  return problems;
}

/** Moves the page to `to` as a link does (the router's history): nothing is reloaded, every stylesheet stays. */
const navigateInApp = (page: Page, to: string) =>
  page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);

interface Stop {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

/**
 * At each width, in one page session: visits `preload` (which must load every sheet of `sheets`), then checks each
 * of `screens` as `sweep` does, and its Details tiles; screenshots go to <width>-after-stylesheets-<screen>.png.
 */
async function sweepAfterStylesheets(
  title: string,
  { user, preload, sheets, screens }: { user: TestUser; preload: Stop[]; sheets: Stylesheet[]; screens: Stop[] },
) {
  const found: string[] = [];
  for (const viewport of VIEWPORTS) {
    const tab = await newPage(browser, { ...viewport, user });
    try {
      const { page } = tab;
      for (const [index, stop] of preload.entries()) {
        if (index === 0) await page.goto(appUrl(stop.path));
        else await navigateInApp(page, stop.path);
        await stop.ready(page);
      }
      const missing = await page.evaluate(
        missingStylesheets,
        sheets.map((sheet) => ({ sheet, ...STYLESHEETS[sheet] })),
      );
      expect({ title, width: viewport.width, missing }).toEqual({ title, width: viewport.width, missing: [] });
      for (const screen of screens) {
        await navigateInApp(page, screen.path);
        await screen.ready(page);
        // Every one of these screens shows Details tiles; a player's result comes after the standings.
        await page.locator('main .bp-facts--tiles .bp-facts__item').first().waitFor();
        await settle(page);
        const problems = [
          ...(await page.evaluate(findProblems, { allowTableScrollers: viewport.width < 480, joinAction: null })),
          ...(await page.evaluate(tileProblems)),
        ];
        await page.screenshot({
          path: path.join(SHOTS, `${viewport.width}-after-stylesheets-${slug(screen.name)}.png`),
          fullPage: true,
        });
        for (const problem of problems)
          found.push(`${screen.name} at ${viewport.width}x${viewport.height}: ${problem}`);
      }
    } finally {
      await tab.context.close();
    }
  }
  report[title] = found;
  expect({ title, problems: found }).toEqual({ title, problems: [] });
}

// --- data ---------------------------------------------------------------------------------------------------------

const table = (page: Page, name: string) => page.getByRole('table', { name }).first().waitFor();
/** A chart has drawn: the trading screen's library chart (a canvas) or the live card's SVG line. */
const chartDrawn = (page: Page) =>
  page.locator('.bp-chart canvas, .bp-chart svg polyline').first().waitFor({ timeout: 20_000 });

const join = (user: TestUser, contestId: string, picks: string[], affiliation?: string) =>
  callApi('POST', '/contest/join-contest', {
    user,
    body: { contestId, picks, ...(affiliation ? { affiliation } : {}) },
  });
const trade = (user: TestUser, contestId: string, symbol: string, side: 'buy' | 'sell', quantity: number) =>
  callApi('POST', '/contest/trading', { user, body: { contestId, symbol, side, quantity } });

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  browser = await launchBrowser();
  [alice, bob, carol, dave] = await Promise.all([
    createActiveUser(),
    createActiveUser(),
    createActiveUser(),
    createActiveUser(),
  ]);
  // The players' own words, as long as the profile allows, unbroken.
  await Promise.all(
    [alice, bob, carol].map((player) =>
      callApi('POST', '/user-profile/edit-profile', {
        user: player,
        body: {
          callSign: player.callSign,
          ticker: player.callSign,
          displayName: unbroken(`Player${player.callSign}`, 40),
          bio: `Trading since breakfast. My picks, explained: ${LONG_URL}`,
        },
      }),
    ),
  );
  // Far ahead: the screens before the start take what they take; 'live contests' starts them (startSoon).
  liveStartsAt = Date.now() + 60 * 60_000;
  liveEndsAt = liveStartsAt + LIVE_DURATION_MS;
  const description = described(
    'Pick two stocks, trade for two minutes, best return wins. Simulated prices, virtual money.',
  );
  liveId = await createContest(alice, { name: LIVE, description, startsAt: liveStartsAt, endsAt: liveEndsAt });
  liveTeamId = await createContest(alice, {
    name: LIVE_TEAM,
    description,
    startsAt: liveStartsAt,
    endsAt: liveEndsAt,
    affiliations: TEAMS,
  });
  await Promise.all([
    join(alice, liveId, ['AAPL', 'MSFT']),
    join(bob, liveId, ['NVDA', 'AMZN']),
    join(alice, liveTeamId, ['AAPL', 'NVDA'], TEAMS[0]),
    join(bob, liveTeamId, ['MSFT', 'GOOGL'], TEAMS[1]),
    join(carol, liveTeamId, ['AMZN', 'META'], TEAMS[0]),
  ]);

  const inAnHour = Date.now() + 60 * 60_000;
  const later = { startsAt: inAnHour, endsAt: inAnHour + 7 * 24 * 60 * 60_000 };
  upcomingId = await createContest(alice, {
    name: UPCOMING,
    description: described('A week of picks among friends.'),
    ...later,
  });
  upcomingTeamId = await createContest(alice, {
    name: UPCOMING_TEAM,
    description: described('Two teams, one week: does value beat momentum?'),
    ...later,
    picksCount: 3,
    affiliations: TEAMS,
  });
  cancelledId = await createContest(alice, { name: CANCELLED, description: described('Cancelled.'), ...later });
  await Promise.all([
    join(alice, upcomingId, ['AAPL', 'MSFT']),
    join(alice, upcomingTeamId, ['AAPL', 'MSFT', 'NVDA'], TEAMS[0]),
    join(alice, cancelledId, ['AAPL', 'MSFT']),
  ]);
  await callApi('POST', '/contest/cancel-contest', { user: alice, body: { contestId: cancelledId } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await writeFile(path.join(SHOTS, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
});

// --- screens ------------------------------------------------------------------------------------------------------

describe('signed out', () => {
  it('/auth', () =>
    sweep('auth', { path: '/auth', ready: (page) => page.getByRole('button', { name: 'Sign in' }).waitFor() }));

  it('/auth, the create-account tab', () =>
    sweep('auth create account', {
      path: '/auth',
      ready: (page) => page.getByRole('button', { name: 'Sign in' }).waitFor(),
      steps: async (page) => {
        await page.getByRole('tab', { name: 'Create Account' }).click();
        await page.getByLabel('Confirm Password').waitFor();
      },
    }));

  it('/error', () =>
    sweep('error (signed out)', {
      path: '/error',
      ready: (page) => mainHeading(page, 'Something went wrong').waitFor(),
    }));

  it('/terms', () =>
    sweep('terms (signed out)', { path: '/terms', ready: (page) => mainHeading(page, 'Terms of use').waitFor() }));

  it('/join-contest-info/{id}', () =>
    sweep('join info (signed out)', {
      path: `/join-contest-info/${upcomingId}`,
      ready: (page) => page.getByRole('link', { name: 'Sign up to join' }).waitFor(),
      joinAction: 'Sign up to join',
    }));

  it('/join-contest-info/{id} of a team contest', () =>
    sweep('join info team (signed out)', {
      path: `/join-contest-info/${upcomingTeamId}`,
      ready: (page) => page.getByRole('link', { name: 'Sign up to join' }).waitFor(),
      joinAction: 'Sign up to join',
    }));
});

describe('signed in, before the live contests start', () => {
  it('/onboarding (a new user, on any address)', async () => {
    const newcomer = await createUser();
    await sweep('onboarding', {
      user: newcomer,
      path: '/home',
      ready: (page) => mainHeading(page, 'Welcome to Bullpen').waitFor({ timeout: 30_000 }),
    });
  });

  it('/home', () =>
    sweep('home', {
      user: alice,
      path: '/home',
      ready: async (page) => {
        await page.getByRole('main').getByText(UPCOMING).first().waitFor();
        await page.getByRole('main').getByText(LIVE).first().waitFor();
      },
    }));

  it('/create-contest', () =>
    sweep('create contest', {
      user: alice,
      path: '/create-contest',
      ready: (page) => mainHeading(page, 'Create a contest').waitFor(),
    }));

  it('/edit-contest/{id} of a team contest', () =>
    sweep('edit contest', {
      user: alice,
      path: `/edit-contest/${upcomingTeamId}`,
      ready: (page) => page.getByRole('button', { name: 'Save changes' }).waitFor(),
    }));

  it('/contest-confirmed/{id}', () =>
    sweep('contest confirmed', {
      user: alice,
      path: `/contest-confirmed/${upcomingId}`,
      ready: (page) => page.getByText('Your contest is ready').waitFor(),
    }));

  it('/invitation/{id}', () =>
    sweep('invitation', {
      user: dave,
      path: `/invitation/${upcomingId}`,
      ready: (page) => page.getByRole('link', { name: 'Join — choose your picks' }).waitFor(),
      joinAction: 'Join — choose your picks',
    }));

  it('/join-contest-info/{id} (signed in)', () =>
    sweep('join info (signed in)', {
      user: dave,
      path: `/join-contest-info/${upcomingTeamId}`,
      ready: (page) => page.getByRole('link', { name: 'Join', exact: true }).waitFor(),
      joinAction: 'Join',
    }));

  it('/contest-detail/{id} (upcoming, joined)', () =>
    sweep('contest detail upcoming', {
      user: alice,
      path: `/contest-detail/${upcomingId}`,
      ready: (page) => page.getByRole('button', { name: 'Leave contest' }).waitFor(),
    }));

  it('/contest-detail/{id} (upcoming team contest)', () =>
    sweep('contest detail upcoming team', {
      user: alice,
      path: `/contest-detail/${upcomingTeamId}`,
      ready: (page) => page.getByRole('button', { name: 'Leave contest' }).waitFor(),
    }));

  it('/contest-detail/{id} (cancelled)', () =>
    sweep('contest detail cancelled', {
      user: alice,
      path: `/contest-detail/${cancelledId}`,
      ready: (page) => mainHeading(page, CANCELLED).waitFor(),
    }));

  it('/save-picks/{id} of a team contest', () =>
    sweep('save picks team', {
      user: dave,
      path: `/save-picks/${upcomingTeamId}`,
      ready: (page) => page.getByRole('checkbox', { name: 'Pick AAPL' }).waitFor(),
    }));

  it('/save-picks/{id} → /confirm-save-picks/{id} (joining)', async () => {
    await sweep('save picks', {
      user: dave,
      path: `/save-picks/${upcomingId}`,
      ready: (page) => page.getByRole('checkbox', { name: 'Pick AAPL' }).waitFor(),
    });
    await sweep('confirm save picks (join)', {
      user: dave,
      path: `/save-picks/${upcomingId}`,
      ready: (page) => page.getByRole('checkbox', { name: 'Pick AAPL' }).waitFor(),
      steps: async (page) => {
        await page.getByRole('checkbox', { name: 'Pick AAPL' }).check();
        await page.getByRole('checkbox', { name: 'Pick MSFT' }).check();
        await page.getByRole('button', { name: 'Review picks' }).click();
        await waitForPath(page, `/confirm-save-picks/${upcomingId}`);
        await page.getByRole('button', { name: 'Confirm and join' }).waitFor();
      },
    });
  });

  it('/edit-picks/{id} → /confirm-save-picks/{id} (changing)', async () => {
    await sweep('edit picks', {
      user: alice,
      path: `/edit-picks/${upcomingId}`,
      ready: (page) => page.getByRole('checkbox', { name: 'Pick AAPL' }).waitFor(),
    });
    await sweep('confirm save picks (change)', {
      user: alice,
      path: `/edit-picks/${upcomingId}`,
      ready: (page) => page.getByRole('checkbox', { name: 'Pick AAPL' }).waitFor(),
      steps: async (page) => {
        await page.getByRole('checkbox', { name: 'Pick MSFT' }).uncheck();
        await page.getByRole('checkbox', { name: 'Pick NVDA' }).check();
        await page.getByRole('button', { name: 'Review picks' }).click();
        await waitForPath(page, `/confirm-save-picks/${upcomingId}`);
        await page.getByRole('button', { name: 'Confirm new picks' }).waitFor();
      },
    });
  });

  it('/profile', () =>
    sweep('profile', { user: alice, path: '/profile', ready: (page) => mainHeading(page, alice.callSign).waitFor() }));

  it("another player's /profile", async () => {
    const { data } = await callApi<{ data: { userId: string } }>('GET', `/contest-user/${upcomingId}`, { user: alice });
    await sweep('profile (another player)', {
      user: dave,
      path: `/profile?userId=${encodeURIComponent(data.userId)}`,
      ready: (page) => mainHeading(page, alice.callSign).waitFor(),
    });
  });

  it('/terms and /error', async () => {
    await sweep('terms (signed in)', {
      user: alice,
      path: '/terms',
      ready: (page) => mainHeading(page, 'Terms of use').waitFor(),
    });
    await sweep('error (signed in)', {
      user: alice,
      path: '/error',
      ready: (page) => mainHeading(page, 'Something went wrong').waitFor(),
    });
  });

  it('/edit-profile', () =>
    sweep('edit profile', {
      user: alice,
      path: '/edit-profile',
      ready: (page) => page.getByLabel('Call sign', { exact: true }).waitFor(),
    }));

  it('/live-contest/{id} before the start', () =>
    sweep('live contest not started', {
      user: alice,
      path: `/live-contest/${upcomingId}`,
      ready: (page) => page.getByText('This contest is not live yet. Trading opens when it starts.').waitFor(),
    }));
});

describe('live contests', () => {
  beforeAll(async () => {
    const [solo] = await Promise.all([
      startSoon(alice, liveId, LIVE_DURATION_MS),
      startSoon(alice, liveTeamId, LIVE_DURATION_MS),
    ]);
    liveEndsAt = solo.endsAt + 2_000;
    await waitUntil(solo.startsAt);
    await Promise.all([waitForStatus(liveId, 'active'), waitForStatus(liveTeamId, 'active')]);
    // Trades, so positions change, cash appears and the trade history has rows.
    await trade(alice, liveId, 'MSFT', 'sell', 3);
    await trade(alice, liveId, 'INTC', 'buy', 10);
    await trade(alice, liveTeamId, 'NVDA', 'sell', 5);
    await trade(alice, liveTeamId, 'JPM', 'buy', 2);
    await trade(bob, liveTeamId, 'GOOGL', 'sell', 1);
    // An open conditional order, so the trading screen shows its Open orders list: a buy limit far below
    // the price waits until the contest ends.
    const { equities } = await callApi<{ equities: { symbol: string; price: number }[] }>(
      'POST',
      '/equity/get-equities',
      { user: alice, body: {} },
    );
    const intc = equities.find((equity) => equity.symbol === 'INTC')?.price ?? 10;
    await callApi('POST', '/contest/orders', {
      user: alice,
      body: {
        contestId: liveId,
        symbol: 'INTC',
        side: 'buy',
        quantity: 1,
        type: 'limit',
        limitPrice: Math.floor(intc * 50) / 100,
      },
    });
    // A few ticks, so the charts have a line and the boards a movement.
    await sleep(8_000);
  }, 120_000);

  it('/live-contest/{id}', () =>
    sweep('live contest', {
      user: alice,
      path: `/live-contest/${liveId}`,
      ready: async (page) => {
        await table(page, 'Leaderboard');
        await table(page, 'My positions');
        await chartDrawn(page);
      },
    }));

  it('/live-contest/{id} of a team contest', () =>
    sweep('live contest team', {
      user: alice,
      path: `/live-contest/${liveTeamId}`,
      ready: async (page) => {
        await table(page, 'Leaderboard');
        await table(page, 'Team standings');
        await table(page, 'My positions');
        await chartDrawn(page);
      },
    }));

  it('/live-contest/{id} for a visitor who does not play', () =>
    sweep('live contest team (not playing)', {
      user: dave,
      path: `/live-contest/${liveTeamId}`,
      ready: (page) => table(page, 'Team standings'),
    }));

  it('/trading/{id}', () =>
    sweep('trading', {
      user: alice,
      path: `/trading/${liveId}`,
      ready: async (page) => {
        await table(page, 'My positions');
        await table(page, 'Trade history');
        await chartDrawn(page);
      },
    }));

  it('/trading/{id}: the symbol matches, long company names included', () =>
    sweep('trading (symbol matches)', {
      user: alice,
      path: `/trading/${liveId}`,
      ready: (page) => table(page, 'My positions'),
      steps: async (page) => {
        // "Inter" matches the names that start with it, International Business Machines Corporation among them (the
        // server's search; the list shows eight matches at most).
        await page.getByLabel('Symbol').fill('Inter');
        await page.getByRole('listbox', { name: 'Matching symbols' }).getByRole('option', { name: /^IBM/ }).waitFor();
      },
    }));

  it('/trading/{id}: a stop-limit order under review beside an open limit order', () =>
    sweep('trading (stop-limit review, open orders)', {
      user: alice,
      path: `/trading/${liveId}`,
      ready: async (page) => {
        await table(page, 'My positions');
        await page.getByRole('list', { name: 'Open orders' }).getByText('Buy 1 INTC').waitFor();
      },
      steps: async (page) => {
        await page.getByLabel('Symbol').fill('IBM');
        await page.getByRole('listbox', { name: 'Matching symbols' }).getByRole('option', { name: /^IBM/ }).click();
        await page.getByLabel('Order type').selectOption('stop-limit');
        const price = Number(
          ((await page.locator('.bp-quote__price .bp-num').first().textContent()) ?? '').replace(/[$,]/g, ''),
        );
        await page.getByLabel('Stop price ($)').fill((Math.ceil(price * 102) / 100).toFixed(2));
        await page.getByLabel('Limit price ($)').fill((Math.ceil(price * 103) / 100).toFixed(2));
        await page.getByLabel('Quantity (shares)').fill('1');
        await page.getByRole('button', { name: 'Review order' }).click();
        await page.getByRole('button', { name: 'Place stop-limit order' }).waitFor();
      },
    }));

  it('/trading/{id} of a team contest, with an order under review', () =>
    sweep('trading team (order review)', {
      user: alice,
      path: `/trading/${liveTeamId}`,
      ready: async (page) => {
        await table(page, 'My positions');
        await chartDrawn(page);
      },
      steps: async (page) => {
        // Selling one share of the held pick the ticket opens on is always possible; a buy depends on the cash the
        // start allocation left over at that tick's prices (it failed in CI for want of buying power).
        await page.getByLabel('Sell', { exact: true }).check();
        await page.getByLabel('Quantity (shares)').fill('1');
        await page.getByRole('button', { name: 'Review order' }).click();
        await page.getByRole('button', { name: /^Confirm (buy|sell)$/ }).waitFor();
      },
    }));

  it('/contest-detail/{id} (live team contest)', () =>
    sweep('contest detail live team', {
      user: bob,
      path: `/contest-detail/${liveTeamId}`,
      ready: (page) => mainHeading(page, LIVE_TEAM).waitFor(),
    }));

  it('the Details screens after every stylesheet has loaded (profile, live, trading, forms, picks)', () =>
    sweepAfterStylesheets('details after every stylesheet (live)', {
      user: alice,
      preload: [
        { name: 'profile', path: '/profile', ready: (page) => mainHeading(page, alice.callSign).waitFor() },
        {
          name: 'live contest',
          path: `/live-contest/${liveId}`,
          ready: async (page) => {
            await table(page, 'Leaderboard');
            await chartDrawn(page);
          },
        },
        { name: 'trading', path: `/trading/${liveId}`, ready: (page) => table(page, 'Trade history') },
        {
          name: 'create contest',
          path: '/create-contest',
          ready: (page) => mainHeading(page, 'Create a contest').waitFor(),
        },
        {
          name: 'edit picks',
          path: `/edit-picks/${upcomingId}`,
          ready: (page) => page.getByRole('checkbox', { name: 'Pick AAPL' }).waitFor(),
        },
        {
          name: 'contest confirmed (team)',
          path: `/contest-confirmed/${upcomingTeamId}`,
          ready: (page) => mainHeading(page, UPCOMING_TEAM).waitFor(),
        },
      ],
      sheets: ['parts.css', 'chart.css', 'boards.css', 'contest-form.css', 'picks.css', 'invitation.css'],
      screens: [
        {
          name: 'contest confirmed',
          path: `/contest-confirmed/${upcomingId}`,
          ready: (page) => mainHeading(page, UPCOMING).waitFor(),
        },
        {
          name: 'contest detail upcoming',
          path: `/contest-detail/${upcomingId}`,
          ready: (page) => page.getByRole('button', { name: 'Leave contest' }).waitFor(),
        },
        {
          name: 'contest detail live team',
          path: `/contest-detail/${liveTeamId}`,
          ready: (page) => mainHeading(page, LIVE_TEAM).waitFor(),
        },
        {
          name: 'join info',
          path: `/join-contest-info/${upcomingTeamId}`,
          ready: async (page) => {
            await mainHeading(page, UPCOMING_TEAM).waitFor();
            await page.getByText('You’ve joined this contest').waitFor();
          },
        },
        {
          name: 'invitation',
          path: `/invitation/${upcomingId}`,
          ready: async (page) => {
            await mainHeading(page, UPCOMING).waitFor();
            await page.getByRole('link', { name: 'You’re in — view contest' }).waitFor();
          },
        },
      ],
    }));

  it('/home with live contests', () =>
    sweep('home (live)', {
      user: alice,
      path: '/home',
      ready: (page) => page.getByRole('main').getByText(LIVE_TEAM).first().waitFor(),
    }));
});

describe('completed contests', () => {
  beforeAll(async () => {
    await waitUntil(liveEndsAt);
    await Promise.all([waitForStatus(liveId, 'completed'), waitForStatus(liveTeamId, 'completed')]);
  }, 240_000);

  it('/contest-completed/{id}', () =>
    sweep('contest completed', {
      user: alice,
      path: `/contest-completed/${liveId}`,
      ready: (page) => table(page, 'Final standings'),
    }));

  it('/contest-completed/{id} of a team contest', () =>
    sweep('contest completed team', {
      user: bob,
      path: `/contest-completed/${liveTeamId}`,
      ready: (page) => table(page, 'Final standings'),
    }));

  it('the completed screens after every stylesheet has loaded', () =>
    sweepAfterStylesheets('details after every stylesheet (completed)', {
      user: alice,
      preload: [
        { name: 'profile', path: '/profile', ready: (page) => mainHeading(page, alice.callSign).waitFor() },
        {
          name: 'live contest not started',
          path: `/live-contest/${upcomingId}`,
          ready: (page) => page.getByText('This contest is not live yet. Trading opens when it starts.').waitFor(),
        },
        {
          name: 'create contest',
          path: '/create-contest',
          ready: (page) => mainHeading(page, 'Create a contest').waitFor(),
        },
        {
          name: 'edit picks',
          path: `/edit-picks/${upcomingId}`,
          ready: (page) => page.getByRole('checkbox', { name: 'Pick AAPL' }).waitFor(),
        },
        {
          name: 'contest confirmed',
          path: `/contest-confirmed/${upcomingId}`,
          ready: (page) => mainHeading(page, UPCOMING).waitFor(),
        },
      ],
      sheets: ['parts.css', 'contest-form.css', 'picks.css', 'invitation.css'],
      screens: [
        {
          name: 'contest completed',
          path: `/contest-completed/${liveId}`,
          ready: async (page) => {
            await page.getByRole('main').getByText(LIVE).first().waitFor();
            await table(page, 'Final standings');
          },
        },
        {
          name: 'contest completed team',
          path: `/contest-completed/${liveTeamId}`,
          ready: async (page) => {
            await page.getByRole('main').getByText(LIVE_TEAM).first().waitFor();
            await table(page, 'Final standings');
          },
        },
      ],
    }));

  it('/profile with a completed contest', () =>
    sweep('profile (completed)', {
      user: alice,
      path: '/profile',
      ready: (page) => mainHeading(page, alice.callSign).waitFor(),
    }));
});
