// One page, visited cold and warm in a fresh browser context, on loopback or as a phone on slow 4G feels it.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { type CpuProfile, reportProfile, reportTrace, startTrace } from './diagnostics';
import { type NetworkRequest, type ScriptLoad, trackRequests, trackScripts } from './network';
import { type BenchUser, signIn } from './seed';
import type { Stack } from './stack';

/** The seeded contests' names: a contest row on /home is a link whose name starts with one. */
export const CONTEST_ROW = /^Bench (live|upcoming) contest/;

/** Lighthouse's "slow 4G" (mobileSlow4G) as Chromium's network emulation applies it, and its 4x CPU slowdown. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** How long a person looks at a page before opening it again in a second tab. */
const READING_MS = 3_000;

/** The latest Largest Contentful Paint candidate of the current document, ms after navigation start. */
function largestContentfulPaint(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), 2_000);
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          clearTimeout(timer);
          resolve(entries.length ? (entries[entries.length - 1] as PerformanceEntry).startTime : null);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** What marks a page as shown: the first contest row (/home and the floor), the first leaderboard row (/live-contest),
 *  the sign-in form (/auth). */
export type Marker = 'contest-row' | 'leaderboard-row' | 'sign-in-form';

/** Records, in the page, the frame after its marker entered the DOM (window.__benchRow, ms after navigation start). */
async function markReady(context: BrowserContext, marker: Marker) {
  // A string, not a function: tsx would wrap a function's inner functions in its own helpers (__name), which the page
  // does not have.
  await context.addInitScript({
    content: `(() => {
      const kind = ${JSON.stringify(marker)};
      const pattern = new RegExp(${JSON.stringify(CONTEST_ROW.source)});
      const found = () => {
        if (kind === 'contest-row') {
          return [...document.querySelectorAll('a[href]')].some((link) => pattern.test(link.textContent || ''));
        }
        if (kind === 'leaderboard-row') {
          return [...document.querySelectorAll('table')].some(
            (table) => table.caption && table.caption.textContent === 'Leaderboard' && table.querySelector('tbody tr') !== null,
          );
        }
        return (
          document.querySelector('input[type="password"]') !== null &&
          [...document.querySelectorAll('button')].some((button) => (button.textContent || '').trim() === 'Sign in')
        );
      };
      const observer = new MutationObserver(() => {
        if (!found()) return;
        observer.disconnect();
        requestAnimationFrame(() => { window.__benchRow = performance.now(); });
      });
      observer.observe(document, { childList: true, subtree: true });
    })();`,
  });
}

export interface Visit {
  jsBytes: number;
  scripts: ScriptLoad[];
  lcp: number | null;
  /** ms from navigation start until the page's ready element was visible. */
  readyMs: number;
  /** The throttled visits' request timeline. */
  requests: NetworkRequest[];
}

export interface Scenario {
  key: '/auth' | '/home' | '/live-contest' | '/floor';
  path: string;
  signedIn: boolean;
  marker: Marker;
  /** What the marker is called in the figures. */
  what: string;
  /** Waits until the page shows what it is for. */
  ready: (page: Page) => Promise<void>;
  /** On loopback, also print the marker's time under this label (the first contest row on /home). */
  row?: { label: string };
}

/** --profile, --trace: what to record of a visit, and the folder its files are kept in. */
export interface Diagnosis {
  profile: boolean;
  trace: boolean;
  dir: string;
}

async function visit(
  page: Page,
  cdp: CDPSession,
  url: string,
  scenario: Scenario,
  light = false,
  /** Set for a visit to profile (--profile) or trace (--trace): the name of its files and printed lines. */
  diagnosed?: Diagnosis & { title: string },
): Promise<Visit> {
  const tracker = trackScripts(cdp);
  const timeline = trackRequests(cdp);
  const trace = diagnosed?.trace ? await startTrace(cdp) : null;
  if (diagnosed?.profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  try {
    await page.goto(url, { waitUntil: 'commit' });
    // The page's own stamp first (markReady), looked at four times a second: a Playwright locator polls with its ARIA
    // queries inside the page on every frame, and on the 4x slower CPU that work (100-200 ms in the profiles, more on
    // the pages with more markup) was counted against the page being measured. Then the same check a person makes.
    await page.waitForFunction(() => (window as { __benchRow?: number }).__benchRow !== undefined, undefined, {
      polling: 250,
      timeout: 60_000,
    });
    await scenario.ready(page);
    if (diagnosed?.profile) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      await reportProfile(profile, diagnosed.title, diagnosed.dir);
    }
    if (trace && diagnosed) await reportTrace(await trace.stop(), diagnosed.title, diagnosed.dir);
    // The frame after the marker entered the DOM (recorded in the page), else when Playwright saw it.
    const readyMs = await page.evaluate(() => (window as { __benchRow?: number }).__benchRow ?? performance.now());
    const requests = timeline.stop();
    if (light) return { jsBytes: 0, scripts: [], lcp: null, readyMs, requests };
    await tracker.settle();
    const lcp = await largestContentfulPaint(page);
    const scripts = tracker.stop();
    return { jsBytes: scripts.reduce((sum, script) => sum + script.bytes, 0), scripts, lcp, readyMs, requests };
  } finally {
    tracker.stop();
    timeline.stop();
  }
}

/** Slow 4G and a 4x slower CPU for one tab. */
async function throttle(cdp: CDPSession) {
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** A fresh context (empty cache, own storage): a cold visit, then (throttled) the same page in a second tab of the same
 *  browser while the first stays open, then the same page navigated again in the first tab (warm). Throttled: slow
 *  4G and a 4x slower CPU for each. */
export async function coldAndWarm(
  browser: Browser,
  stack: Stack,
  user: BenchUser,
  scenario: Scenario,
  url: string,
  throttled = false,
  /** The throttled visits to profile or trace. */
  diagnosis?: Diagnosis,
) {
  const context = await browser.newContext({
    viewport: throttled ? { width: 412, height: 823 } : { width: 1280, height: 800 },
  });
  const errors: string[] = [];
  try {
    if (scenario.signedIn) await signIn(context, stack, user);
    await markReady(context, scenario.marker);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (throttled) await throttle(cdp);
    const cold = await visit(
      page,
      cdp,
      url,
      scenario,
      throttled,
      diagnosis && { ...diagnosis, title: `${scenario.key} cold` },
    );
    // Let the cold visit finish what it does after its first row (late chunks, cache writes), as a person would
    // read the page before coming back.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    // A second tab opened while the first stays open and in view, after a few seconds of reading it (what the
    // first tab keeps once its page has settled is there by then): everything the cold visit cached, and only that.
    let secondTab: Visit | null = null;
    if (throttled) {
      await page.waitForTimeout(READING_MS);
      const tab = await context.newPage();
      tab.on('pageerror', (error) => errors.push(error.message));
      const tabCdp = await context.newCDPSession(tab);
      await tabCdp.send('Network.enable');
      await throttle(tabCdp);
      secondTab = await visit(tab, tabCdp, url, scenario, true);
      await tabCdp.detach();
      await tab.close({ runBeforeUnload: false });
    }
    const warm = await visit(
      page,
      cdp,
      url,
      scenario,
      throttled,
      diagnosis && { ...diagnosis, title: `${scenario.key} warm` },
    );
    return { cold, warm, secondTab };
  } catch (error) {
    const detail = errors.length ? ` (page errors: ${errors.join(' | ')})` : '';
    throw new Error(`${scenario.key}: ${(error as Error).message}${detail}`);
  } finally {
    await context.close();
  }
}
