// Onboarding and profiles in Chromium against the real stack. (Opening a profile from a leaderboard and the
// stats after a completed contest are part of trading.test.ts, which plays a whole contest.)
import type { Browser } from 'playwright-core';
import { appUrl, closeAll, createUser, launchBrowser, openTab, type TestPage, waitForPath } from './helpers';

let browser: Browser;
const tabs: TestPage[] = [];
const callSign = `P${String(Date.now()).slice(-6)}`;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => closeAll(browser, tabs));

async function onboarding() {
  const tab = await openTab(browser, tabs, '/home', { user: await createUser() });
  await tab.page.getByRole('heading', { level: 1, name: 'Welcome to Bullpen' }).waitFor();
  return tab.page;
}

it('a new user chooses a call sign (upper-cased as typed) and lands on /home', async () => {
  const page = await onboarding();
  expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  await page.getByLabel('Call sign', { exact: true }).pressSequentially(callSign.toLowerCase());
  expect(await page.getByLabel('Call sign', { exact: true }).inputValue()).toBe(callSign);
  await page.getByLabel('Display name').fill('Pat Onboarding');
  await page.getByLabel(/Bio/).fill('Value investor, patient.');
  await page.getByRole('button', { name: 'Start playing' }).click();
  await waitForPath(page, '/home');
  await page.getByText(`Welcome to Bullpen, ${callSign}!`).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('heading', { level: 1, name: callSign }).waitFor();
  await page.getByText('Value investor, patient.').waitFor();
});

it('a second user trying the same call sign is refused with the server message on the field', async () => {
  const page = await onboarding();
  await page.getByLabel('Call sign', { exact: true }).fill(callSign);
  await page.getByLabel('Display name').fill('Copy Cat');
  await page.getByRole('button', { name: 'Start playing' }).click();
  const form = page.getByRole('form', { name: 'Welcome to Bullpen' });
  await form.getByRole('alert').filter({ hasText: 'Call sign is already taken' }).waitFor();
  expect(await page.getByLabel('Call sign', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  await page.getByRole('heading', { level: 1, name: 'Welcome to Bullpen' }).waitFor();
});

it('the profile editor saves a new call sign and shows it at once', async () => {
  const page = await onboarding();
  const first = `R${String(Date.now()).slice(-6)}`;
  await page.getByLabel('Call sign', { exact: true }).fill(first);
  await page.getByLabel('Display name').fill('Riley');
  await page.getByRole('button', { name: 'Start playing' }).click();
  await waitForPath(page, '/home');
  await page.goto(appUrl('/edit-profile'));
  const renamed = `${first.slice(0, 6)}X`;
  await page.getByLabel('Call sign', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await waitForPath(page, '/profile');
  await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
  await page.getByText('Profile saved').waitFor();
});
