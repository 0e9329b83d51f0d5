// Accessibility: axe-core (WCAG 2.0/2.1 A and AA) on every screen of SPEC §2, signed out and signed in,
// with no serious or critical violation allowed; and a keyboard-only journey through sign-in, joining a contest
// and trading in it. The steps run in order: the live contest is created in beforeAll, joined by keyboard before its
// start, traded in once it is live, and scanned again when it has completed.
import { mkdir, writeFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  appUrl,
  buttonsUnderToasts,
  callApi,
  createActiveUser,
  createContest,
  createUser,
  launchBrowser,
  mainHeading,
  newPage,
  openTab,
  stack,
  startSoon,
  type TestPage,
  type TestUser,
  UNAVAILABLE_TEXT,
  uniquePhone,
  waitForPath,
  waitForStatus,
  waitUntil,
  withConfig,
} from './helpers';

type Player = TestUser & { callSign: string };
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];
type NodeResult = Result['nodes'][number];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
const REPORT_DIR = '.e2e-artifacts/a11y';

let browser: Browser;
let alice: Player; // creates the contests and plays in them
let bob: Player; // active, never joins the upcoming contest
let kim: Player; // the keyboard-only player
let upcomingId: string;
let liveId: string;
let liveStartsAt: number;
let liveEndsAt: number;
/** Long enough to check the live screens at both widths on a loaded machine. */
const LIVE_DURATION_MS = 150_000;
const tabs: TestPage[] = [];
/** What axe said about each screen (blocking or not, best practices too) and the console errors seen there. */
const report: Record<string, { violations: string[]; needsReview: string[]; consoleErrors: string[] }> = {};
const consoleErrors = new WeakMap<Page, string[]>();

const UPCOMING_NAME = 'A11y Upcoming Cup';
const LIVE_NAME = 'A11y Live Sprint';

// --- scanning ---------------------------------------------------------------------------------------------------

/** Waits until every finite animation (toast slide-in, dialog fade) has finished: axe reads colours mid-fade wrongly. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? 0));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Runs axe on the page (or on `include` only) and fails with every serious or critical violation of WCAG 2.0/2.1 A
 * and AA, with its nodes and help. Results axe could not decide ("needs review") count too, except colour contrast
 * (undecidable where a sticky bar or a toast overlaps text): a reference to an element that is not on the page, say,
 * lands there. Best-practice rules run as well, for the record in REPORT_DIR only.
 */
async function expectAccessible(page: Page, screen: string, include?: string) {
  await settle(page);
  let builder = new AxeBuilder({ page }).withTags([...WCAG_TAGS, 'best-practice']);
  if (include) builder = builder.include(include);
  const { violations, incomplete } = await builder.analyze();
  const isWcag = (result: Result) => result.tags.some((tag) => WCAG_TAGS.includes(tag));
  const why = (node: NodeResult) => [...node.any, ...node.all, ...node.none].map((check) => check.message).join('; ');
  report[screen] = {
    violations: violations.flatMap((v) =>
      v.nodes.map((node) => `${v.id} (${v.impact}${isWcag(v) ? '' : ', best practice'}): ${node.target.join(' ')}`),
    ),
    needsReview: incomplete.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}: ${why(node)}`)),
    consoleErrors: [...(consoleErrors.get(page) ?? [])],
  };
  const blocking = [...violations, ...incomplete.filter((result) => result.id !== 'color-contrast')]
    .filter((result) => isWcag(result) && BLOCKING.has(result.impact ?? ''))
    .map((result) =>
      [
        `${result.id} (${result.impact}): ${result.help} — ${result.helpUrl}`,
        ...result.nodes.map((node) => `    ${node.target.join(' ')}: ${why(node)}`),
      ].join('\n'),
    );
  // The screen's name in the received value says where the violations are.
  expect({ screen, violations: blocking }).toEqual({ screen, violations: [] });
}

async function open(user: TestUser | undefined, path: string, width = 1280): Promise<Page> {
  const tab = await openTab(browser, tabs, path, user ? { user, width } : { width });
  consoleErrors.set(tab.page, tab.errors);
  return tab.page;
}

// --- keyboard ---------------------------------------------------------------------------------------------------

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it takes more than `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing');
  throw new Error(
    `${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}; the focus is on ${focused}`,
  );
}

/** The focus ring of the focused element: a visible outline or a box-shadow (SPEC §1's teal, WCAG 2.4.7). */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { visible: false, outline: 'none', boxShadow: 'none', focusVisible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return {
      visible: outline || style.boxShadow !== 'none',
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      focusVisible: element.matches(':focus-visible'),
    };
  });
}

async function expectFocusVisible(page: Page, what: string) {
  const ring = await focusIndicator(page);
  expect({ what, ...ring }).toMatchObject({ what, visible: true, focusVisible: true });
}

/** After an action that removes or replaces the focused control, the focus must land somewhere, not on <body>. */
async function expectFocusIn(page: Page, where: Locator, what: string) {
  const inside = await where.evaluate((element) => element.contains(document.activeElement));
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
  expect({ what, inside, focused }).toMatchObject({ what, inside: true });
}

/** Replaces the text of the focused field by typing, as a keyboard user would. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

// --- data -------------------------------------------------------------------------------------------------------

const createNamedContest = (user: TestUser, name: string, startsAt: number, endsAt: number) =>
  createContest(user, { name, description: 'Checked for accessibility.', startsAt, endsAt });

beforeAll(async () => {
  browser = await launchBrowser();
  [alice, bob, kim] = [await createActiveUser(), await createActiveUser(), await createActiveUser()];
  const inAnHour = Date.now() + 60 * 60_000;
  upcomingId = await createNamedContest(alice, UPCOMING_NAME, inAnHour, inAnHour + 60 * 60_000);
  await callApi('POST', '/contest/join-contest', {
    user: alice,
    body: { contestId: upcomingId, picks: ['AAPL', 'MSFT'] },
  });
  // Far ahead: Kim joins by keyboard and the signed-out and signed-in screens are checked first, however long that
  // takes; 'a live contest' then starts it (startSoon).
  liveStartsAt = Date.now() + 60 * 60_000;
  liveEndsAt = liveStartsAt + LIVE_DURATION_MS;
  liveId = await createNamedContest(alice, LIVE_NAME, liveStartsAt, liveEndsAt);
  await callApi('POST', '/contest/join-contest', { user: alice, body: { contestId: liveId, picks: ['NVDA', 'AMZN'] } });
});

afterAll(async () => {
  for (const tab of tabs) await tab.context.close();
  await browser?.close();
  await mkdir(REPORT_DIR, { recursive: true });
  await writeFile(`${REPORT_DIR}/report.json`, `${JSON.stringify(report, null, 2)}\n`);
});

// --- keyboard only, part 1: before the live contest starts ------------------------------------------------------

describe('keyboard only (WCAG 2.1.1, 2.4.7)', () => {
  it('signs in through the widget, comes back to the invitation, chooses picks and joins', async () => {
    const page = await open(undefined, `/join-contest-info/${liveId}`);
    await mainHeading(page, LIVE_NAME).waitFor();

    const signUpToJoin = page.getByRole('link', { name: 'Sign up to join' });
    await tabTo(page, signUpToJoin);
    await expectFocusVisible(page, 'Sign up to join');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/auth');

    // An invitation opens on Create Account; Kim has an account and takes the Sign In tab. The tabs are
    // one stop in the Tab order (the selected one); an arrow key moves to the other and selects it.
    await tabTo(page, page.getByRole('tab', { name: 'Create Account' }));
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await isFocused(page.getByRole('tab', { name: 'Sign In' }))).toBe(true);

    await tabTo(page, page.getByLabel('Phone Number'));
    await page.keyboard.type(kim.phone.replace(/^\+1/, ''));
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByLabel('Password', { exact: true }))).toBe(true);
    await page.keyboard.type(kim.password);
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await tabTo(page, signIn);
    await expectFocusVisible(page, 'Sign in');
    await page.keyboard.press('Enter');

    // Back where the visitor started, through "next".
    await waitForPath(page, `/join-contest-info/${liveId}`, 30_000);
    const join = page.getByRole('link', { name: 'Join', exact: true });
    await tabTo(page, join);
    await expectFocusVisible(page, 'Join');
    await page.keyboard.press('Enter');
    await waitForPath(page, `/save-picks/${liveId}`);

    const search = page.getByLabel('Search', { exact: true });
    for (const symbol of ['AAPL', 'MSFT']) {
      await tabTo(page, search);
      await retype(page, symbol);
      const pick = page.getByRole('checkbox', { name: `Pick ${symbol}` });
      await tabTo(page, pick);
      await expectFocusVisible(page, `Pick ${symbol}`);
      await page.keyboard.press('Space');
      expect(await pick.isChecked()).toBe(true);
      // Back to the search field the other way round.
      await tabTo(page, search, { back: true });
    }
    await page.getByText('2 / 2 selected').waitFor();

    const review = page.getByRole('button', { name: 'Review picks' });
    await tabTo(page, review);
    await expectFocusVisible(page, 'Review picks');
    await page.keyboard.press('Enter');
    await waitForPath(page, `/confirm-save-picks/${liveId}`);

    const confirm = page.getByRole('button', { name: 'Confirm and join' });
    await tabTo(page, confirm);
    await expectFocusVisible(page, 'Confirm and join');
    await page.keyboard.press('Enter');
    await waitForPath(page, `/contest-detail/${liveId}`);
    await page
      .getByRole('status')
      .filter({ hasText: `You joined “${LIVE_NAME}”` })
      .waitFor();

    const mine = await callApi<{ data: { joined: boolean; picks: string[] } }>('GET', `/contest-user/${liveId}`, {
      user: kim,
    });
    expect(mine.data.joined).toBe(true);
    expect([...mine.data.picks].sort()).toEqual(['AAPL', 'MSFT']);
  });
});

// --- signed out ---------------------------------------------------------------------------------------------------

describe('axe, signed out', () => {
  it.each([1280, 480])('the sign-in tab at %i px', async (width) => {
    const page = await open(undefined, '/auth', width);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectAccessible(page, `sign in (${width})`);
  });

  it('the create-account tab', async () => {
    const page = await open(undefined, '/auth');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('Confirm Password').waitFor();
    await expectAccessible(page, 'create account');
  });

  it('the widget with an error alert', async () => {
    const page = await open(undefined, '/auth');
    await page.getByLabel('Phone Number').fill(bob.phone.replace(/^\+1/, ''));
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect phone number or password.').waitFor();
    await expectAccessible(page, 'sign-in error');
  });

  it('the forgot-password screen', async () => {
    const page = await open(undefined, '/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Enter your phone number').waitFor();
    await expectAccessible(page, 'forgot password');
  });

  it('the confirm-sign-up (code) screen', async () => {
    const page = await open(undefined, '/auth');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('Phone Number').fill(uniquePhone().replace(/^\+1/, ''));
    await page.getByLabel('Password', { exact: true }).fill('a fine password');
    await page.getByLabel('Confirm Password').fill('a fine password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByLabel('Confirmation Code').waitFor();
    await expectAccessible(page, 'confirm sign-up');
  });

  it('/terms', async () => {
    const page = await open(undefined, '/terms');
    await mainHeading(page, 'Terms of use').waitFor();
    await expectAccessible(page, 'terms (signed out)');
  });

  it('/error', async () => {
    const page = await open(undefined, '/error');
    await mainHeading(page, 'Something went wrong').waitFor();
    await expectAccessible(page, 'error (signed out)');
  });

  it('/join-contest-info/{id}', async () => {
    const page = await open(undefined, `/join-contest-info/${upcomingId}`);
    await mainHeading(page, UPCOMING_NAME).waitFor();
    await page.getByRole('link', { name: 'Sign up to join' }).waitFor();
    await expectAccessible(page, 'join info (signed out)');
  });

  it('the fallback of a remote that is down', async () => {
    const tab = await newPage(browser);
    tabs.push(tab);
    const { page } = tab;
    consoleErrors.set(page, tab.errors);
    // A port of this suite's range where nothing listens.
    const nobody = (stack().spareBase ?? 0) + 2;
    await withConfig(page, (config) => ({
      ...config,
      remotes: { ...config.remotes, contests: `http://localhost:${nobody}/mf-manifest.json` },
    }));
    await page.goto(appUrl(`/join-contest-info/${upcomingId}`));
    await page.getByRole('heading', { name: UNAVAILABLE_TEXT }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'remote unavailable');
  });
});

// --- signed in ----------------------------------------------------------------------------------------------------

describe('axe, signed in', () => {
  it('onboarding (a new user without a profile)', async () => {
    const page = await open(await createUser(), '/home');
    await mainHeading(page, 'Welcome to Bullpen').waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'onboarding');

    // The server's refusal, on the field.
    await page.getByLabel('Call sign', { exact: true }).fill(alice.callSign);
    await page.getByLabel('Display name').fill('Taken Name');
    await page.getByRole('button', { name: 'Start playing' }).click();
    await page
      .getByRole('form', { name: 'Welcome to Bullpen' })
      .getByRole('alert')
      .filter({ hasText: 'Call sign is already taken' })
      .waitFor();
    await expectAccessible(page, 'onboarding (call sign taken)');
  });

  it.each([1280, 480])('/home with contests listed at %i px', async (width) => {
    const page = await open(alice, '/home', width);
    await page.getByRole('main').getByText(UPCOMING_NAME).first().waitFor();
    await page.getByRole('main').getByText(LIVE_NAME).first().waitFor();
    await expectAccessible(page, `home (${width})`);
  });

  it('/create-contest', async () => {
    const page = await open(alice, '/create-contest');
    await mainHeading(page, 'Create a contest').waitFor();
    await expectAccessible(page, 'create contest');
  });

  it('/create-contest with its field errors', async () => {
    const page = await open(alice, '/create-contest');
    await page.getByLabel('Name', { exact: true }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Create contest' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'create contest (errors)');
  });

  it('a contest that does not exist', async () => {
    const page = await open(alice, '/contest-detail/no-such-contest');
    await page.getByText('This contest does not exist').first().waitFor();
    await expectAccessible(page, 'contest not found');
  });

  it('/edit-contest/{id}, and the contest detail with the toast its save shows', async () => {
    const page = await open(alice, `/edit-contest/${upcomingId}`);
    await mainHeading(page, UPCOMING_NAME).waitFor();
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
    await expectAccessible(page, 'edit contest');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await waitForPath(page, `/contest-detail/${upcomingId}`);
    await page.getByRole('status').filter({ hasText: 'Contest updated' }).waitFor();
    await expectAccessible(page, 'open toast', '.host-toasts');
    // At 1280 px the toast leaves the page's buttons uncovered.
    expect(await buttonsUnderToasts(page)).toEqual([]);
  });

  it('/contest-confirmed/{id}', async () => {
    const page = await open(alice, `/contest-confirmed/${upcomingId}`);
    await page.getByText('Your contest is ready').waitFor();
    await expectAccessible(page, 'contest confirmed');
  });

  it('/invitation/{id}', async () => {
    const page = await open(bob, `/invitation/${upcomingId}`);
    await mainHeading(page, UPCOMING_NAME).waitFor();
    await page.getByRole('link', { name: 'Join — choose your picks' }).waitFor();
    await expectAccessible(page, 'invitation');
  });

  it('/contest-detail/{id}, and its leave dialog', async () => {
    const page = await open(alice, `/contest-detail/${upcomingId}`);
    await mainHeading(page, UPCOMING_NAME).waitFor();
    await page.getByRole('button', { name: 'Leave contest' }).waitFor();
    await expectAccessible(page, 'contest detail');

    await page.getByRole('button', { name: 'Leave contest' }).click();
    await page.getByRole('alertdialog').waitFor();
    await expectAccessible(page, 'leave dialog');
    await page.keyboard.press('Escape');
  });

  it('/save-picks/{id} and /confirm-save-picks/{id} (joining)', async () => {
    const page = await open(bob, `/save-picks/${upcomingId}`);
    await page.getByRole('checkbox', { name: 'Pick AAPL' }).waitFor();
    await expectAccessible(page, 'save picks');

    await page.getByRole('checkbox', { name: 'Pick AAPL' }).check();
    await page.getByRole('checkbox', { name: 'Pick MSFT' }).check();
    await page.getByRole('button', { name: 'Review picks' }).click();
    await waitForPath(page, `/confirm-save-picks/${upcomingId}`);
    await page.getByRole('button', { name: 'Confirm and join' }).waitFor();
    await expectAccessible(page, 'confirm picks (join)');
  });

  it('/edit-picks/{id} and /confirm-save-picks/{id} (changing)', async () => {
    const page = await open(alice, `/edit-picks/${upcomingId}`);
    await page.getByRole('checkbox', { name: 'Pick AAPL' }).waitFor();
    await expectAccessible(page, 'edit picks');

    await page.getByRole('button', { name: 'Review picks' }).click();
    await waitForPath(page, `/confirm-save-picks/${upcomingId}`);
    await page.getByRole('button', { name: 'Confirm new picks' }).waitFor();
    await expectAccessible(page, 'confirm picks (change)');
  });

  it('/join-contest-info/{id}', async () => {
    const page = await open(bob, `/join-contest-info/${upcomingId}`);
    await mainHeading(page, UPCOMING_NAME).waitFor();
    await page.getByRole('link', { name: 'Join', exact: true }).waitFor();
    await expectAccessible(page, 'join info (signed in)');
  });

  it('/profile', async () => {
    const page = await open(alice, '/profile');
    await mainHeading(page, alice.callSign).waitFor();
    await expectAccessible(page, 'profile');
  });

  it("another player's /profile", async () => {
    const { data } = await callApi<{ data: { userId: string } }>('GET', `/contest-user/${upcomingId}`, { user: alice });
    const page = await open(bob, `/profile?userId=${encodeURIComponent(data.userId)}`);
    await mainHeading(page, alice.callSign).waitFor();
    await expectAccessible(page, 'profile (another player)');
  });

  it('/edit-profile', async () => {
    const page = await open(alice, '/edit-profile');
    await mainHeading(page, 'Edit profile').waitFor();
    await page.getByLabel('Call sign', { exact: true }).waitFor();
    await expectAccessible(page, 'edit profile');
  });

  it('/terms', async () => {
    const page = await open(alice, '/terms');
    await mainHeading(page, 'Terms of use').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await expectAccessible(page, 'terms (signed in)');
  });

  it('/error', async () => {
    const page = await open(alice, '/error');
    await mainHeading(page, 'Something went wrong').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await expectAccessible(page, 'error (signed in)');
  });

  it('/live-contest/{id} before the start', async () => {
    const page = await open(alice, `/live-contest/${upcomingId}`);
    await page.getByText('This contest is not live yet. Trading opens when it starts.').waitFor();
    await expectAccessible(page, 'live contest (not started)');
  });
});

// --- the live contest ---------------------------------------------------------------------------------------------

describe('a live contest', () => {
  beforeAll(async () => {
    ({ startsAt: liveStartsAt, endsAt: liveEndsAt } = await startSoon(alice, liveId, LIVE_DURATION_MS));
    await waitUntil(liveStartsAt);
    await waitForStatus(liveId, 'active');
  }, 180_000);

  it('keyboard only: sells and buys on the trading screen', async () => {
    const page = await open(kim, `/trading/${liveId}`);
    const positions = page.getByRole('table', { name: 'My positions' });
    await positions.waitFor();
    const sharesCell = (symbol: string) =>
      positions.getByRole('row').filter({ hasText: symbol }).getByRole('cell').nth(1);
    const sharesOf = async (symbol: string) => Number(await sharesCell(symbol).textContent());
    const msftBefore = await sharesOf('MSFT');
    expect(msftBefore).toBeGreaterThan(2);

    const ticket = page.getByRole('region', { name: 'Place an order' });
    const placeOrder = async (symbol: string, side: 'Buy' | 'Sell', quantity: number) => {
      const search = page.getByLabel('Symbol', { exact: true });
      await tabTo(page, search);
      await expectFocusVisible(page, 'the Symbol field');
      await page.keyboard.type(symbol);
      // The matches come from the server's search: the arrows highlight one while the focus stays in the field.
      const match = page
        .getByRole('listbox', { name: 'Matching symbols' })
        .getByRole('option', { name: new RegExp(`^${symbol}\\b`) });
      await match.waitFor();
      await page.keyboard.press('ArrowDown');
      await match.and(page.locator('[aria-selected="true"]')).waitFor();
      await page.keyboard.press('Enter');
      await ticket.locator('.bp-quote__symbol').filter({ hasText: symbol }).waitFor();
      // The list of matches is gone: the focus goes back to the field, not to the top of the page.
      await expectFocusIn(page, search, 'after choosing a match');

      // The side is a radio group: Tab enters it on the chosen side, the arrows change it.
      await tabTo(page, ticket.getByRole('radio').and(page.locator(':checked')));
      if (!(await ticket.getByRole('radio', { name: side }).isChecked())) {
        await page.keyboard.press(side === 'Sell' ? 'ArrowRight' : 'ArrowLeft');
      }
      expect(await ticket.getByRole('radio', { name: side }).isChecked()).toBe(true);

      await tabTo(page, page.getByLabel('Quantity (shares)'));
      await expectFocusVisible(page, 'the Quantity field');
      await retype(page, String(quantity));
      const review = ticket.getByRole('button', { name: 'Review order' });
      await tabTo(page, review);
      await expectFocusVisible(page, 'Review order');
      await page.keyboard.press('Enter');
      // The review replaces the button: the focus moves into it.
      const dialog = ticket.getByRole('dialog');
      await dialog.waitFor();
      await expectFocusIn(page, dialog, 'after Review order');

      const confirm = dialog.getByRole('button', { name: `Confirm ${side.toLowerCase()}` });
      await tabTo(page, confirm);
      await expectFocusVisible(page, `Confirm ${side.toLowerCase()}`);
      await page.keyboard.press('Enter');
      const verb = side === 'Buy' ? 'Bought' : 'Sold';
      await page
        .getByRole('status')
        .filter({ hasText: new RegExp(`${verb} ${quantity} ${symbol} at \\$`) })
        .waitFor();
      // The review is closed: the focus is back on Review order, ready for the next order.
      await expectFocusIn(page, review, 'after the order');
    };

    await placeOrder('MSFT', 'Sell', 2);
    // The position the user sees follows the trade.
    await sharesCell('MSFT')
      .filter({ hasText: new RegExp(`^${msftBefore - 2}$`) })
      .waitFor();
    await placeOrder('INTC', 'Buy', 1);
    await sharesCell('INTC').filter({ hasText: /^1$/ }).waitFor();
  });

  it('axe: /live-contest/{id}', async () => {
    const page = await open(alice, `/live-contest/${liveId}`);
    await page.getByRole('table', { name: 'Leaderboard' }).getByText(kim.callSign).waitFor();
    await expectAccessible(page, 'live contest');
  });

  it('axe: /trading/{id}, and its order review', async () => {
    const page = await open(alice, `/trading/${liveId}`);
    await page.getByRole('table', { name: 'My positions' }).waitFor();
    await expectAccessible(page, 'trading');

    await page.getByLabel('Symbol', { exact: true }).fill('NV');
    await page.getByRole('listbox', { name: 'Matching symbols' }).waitFor();
    await expectAccessible(page, 'trading (symbol matches)');
    await page.getByRole('listbox', { name: 'Matching symbols' }).getByRole('option').first().click();
    await page.getByRole('radio', { name: 'Sell' }).check();
    await page.getByRole('button', { name: 'Review order' }).click();
    await page.getByRole('button', { name: 'Confirm sell' }).waitFor();
    await expectAccessible(page, 'trading (order review)');
  });

  it.each([480])('axe: /live-contest/{id} and /trading/{id} at %i px', async (width) => {
    const board = await open(kim, `/live-contest/${liveId}`, width);
    await board.getByRole('table', { name: 'Leaderboard' }).getByText(kim.callSign).waitFor();
    await expectAccessible(board, `live contest (${width})`);
    const trading = await open(kim, `/trading/${liveId}`, width);
    await trading.getByRole('table', { name: 'My positions' }).waitFor();
    await expectAccessible(trading, `trading (${width})`);
  });

  it('axe: /contest-completed/{id} when it has ended', async () => {
    await waitUntil(liveEndsAt);
    await waitForStatus(liveId, 'completed');
    for (const width of [1280, 480]) {
      const page = await open(alice, `/contest-completed/${liveId}`, width);
      await page.getByRole('table', { name: 'Final standings' }).getByText(kim.callSign, { exact: true }).waitFor();
      await expectAccessible(page, `contest completed (${width})`);
    }
  }, 240_000);
});
