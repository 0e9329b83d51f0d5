// The pages measured, what marks each as shown, and the floor they are compared with.
import type { Page } from 'playwright-core';
import { CONTEST_ROW, type Scenario } from './visit';

export type PageKey = '/home' | '/live-contest' | '/auth';

/** The floor page and the app's pages (only those of `only`, when given); the live contest's page is `liveId`'s. */
export function scenarios(liveId: string, only?: string[]): { floor: Scenario; pages: Scenario[] } {
  const contestRow = (page: Page) => page.getByRole('link', { name: CONTEST_ROW }).first().waitFor({ timeout: 60_000 });
  const floor: Scenario = {
    key: '/floor',
    path: '/floor/',
    signedIn: true,
    marker: 'contest-row',
    what: 'first contest row',
    ready: contestRow,
  };
  const allScenarios: Scenario[] = [
    {
      key: '/home',
      path: '/home',
      signedIn: true,
      marker: 'contest-row',
      what: 'first contest row',
      // A contest row on /home is a card: a link named after its contest.
      ready: contestRow,
      row: { label: 'first contest row visible /home' },
    },
    {
      key: '/live-contest',
      path: `/live-contest/${liveId}`,
      signedIn: true,
      marker: 'leaderboard-row',
      what: 'first leaderboard row',
      ready: (page) =>
        page.getByRole('table', { name: 'Leaderboard' }).locator('tbody tr').first().waitFor({ timeout: 60_000 }),
    },
    {
      key: '/auth',
      path: '/auth',
      signedIn: false,
      marker: 'sign-in-form',
      what: 'sign-in form',
      ready: (page) => page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 60_000 }),
    },
  ];
  return { floor, pages: allScenarios.filter((scenario) => !only || only.includes(scenario.key)) };
}
