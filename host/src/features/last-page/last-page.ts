import { storedIdToken, tokenSub } from '@bullpen/shared/early-reads';

// A warm visit should show the last known contests at once and refresh them. SWR's persisted reads make the
// page render its last lists as soon as the app has started, but starting (compiling and running the federation
// runtime, React and the remote on a slow phone) still takes longer than a bare React page needs for its whole visit.
// So the page a signed-in user last saw on /home is kept as it looked (its markup and the styles it was drawn with)
// when they leave it, and shown again by main.js the moment the next visit's page arrives, before anything else runs;
// the app starts behind it and replaces it as soon as it shows a page of its own (any screen with its heading or an
// alert), with the same lists, then refreshes them. Only for the same user, with a good stored token, on the same
// address, for a day; forgotten at sign-out. What is shown is what React rendered (text escaped) and the page's CSP
// allows no inline script, so the copy can only draw, never run. Links in it work (they are plain links); buttons
// wait for the app. main.js carries this file: no shared module may be imported here.

const STORAGE_KEY = 'bullpen:last-page';
/** The addresses kept: the contest lists (live pages would show stale figures, the others have little to wait for). */
const KEPT_PATHS = new Set(['/home']);
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** However the start goes, the copy leaves after this long. */
const GIVE_UP_MS = 10_000;
/** While the page is in view it is also kept once it has been still this long (its reads answered)… */
const SETTLE_MS = 1_500;
/** …or this long after it first changed, for a page that is never still (a countdown)… */
const MAX_WAIT_MS = 5_000;
/** …and not more often than this. */
const RESAVE_MS = 30_000;
export const LAST_PAGE_ID = 'bullpen-last-page';
const LAST_PAGE_CSS_ID = 'bullpen-last-page-css';
/** What marks the app's own page: every screen has a level-1 heading; failures are alerts. */
const APP_PAGE = 'h1, [role="alert"]';

interface LastPage {
  sub: string;
  path: string;
  html: string;
  css: string;
  savedAt: number;
}

const signedInSub = (clientId: string | undefined) => tokenSub(storedIdToken(clientId));

function read(): LastPage | null {
  const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<LastPage> | null;
  return saved && typeof saved.html === 'string' && typeof saved.css === 'string' ? (saved as LastPage) : null;
}

/** Shows the kept page if it is this user's, for this address and recent; the app replaces it. Never throws. */
export function paintLastPage(clientId: string | undefined, root = document.getElementById('root')): void {
  try {
    const saved = read();
    if (!root || !saved || saved.path !== window.location.pathname) return;
    if (Date.now() - saved.savedAt > MAX_AGE_MS || signedInSub(clientId) !== saved.sub) return;
    const style = document.createElement('style');
    style.id = LAST_PAGE_CSS_ID;
    style.textContent = saved.css;
    const copy = document.createElement('div');
    copy.id = LAST_PAGE_ID;
    copy.setAttribute('aria-busy', 'true');
    copy.innerHTML = saved.html;
    document.head.appendChild(style);
    root.before(copy);
    root.style.display = 'none';

    const drop = () => {
      observer.disconnect();
      clearTimeout(timer);
      copy.remove();
      style.remove();
      root.style.display = '';
    };
    const observer = new MutationObserver(() => {
      if (root.querySelector(APP_PAGE)) drop();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(drop, GIVE_UP_MS);
  } catch {
    // Only a head start.
  }
}

/**
 * Keeps the page as the user leaves it (closing, reloading, switching away), when it is one of KEPT_PATHS, and once it
 * has settled while in view: a second tab opened beside this one (which stays in view, so neither leaves nor hides)
 * starts from it too.
 */
export function keepLastPage(clientId: string | undefined, root = document.getElementById('root')): () => void {
  const save = () => {
    try {
      const sub = signedInSub(clientId);
      if (!root || !sub || !KEPT_PATHS.has(window.location.pathname) || root.style.display === 'none') return;
      if (!root.querySelector(`main ${APP_PAGE}`)) return;
      const clone = root.cloneNode(true) as HTMLElement;
      // Nothing that belongs to the moment: toasts, dialogs.
      for (const transient of clone.querySelectorAll('[aria-label="Notifications"] > *, [role="dialog"], dialog')) {
        transient.remove();
      }
      const css = [...document.querySelectorAll('style')]
        .filter((style) => style.id !== LAST_PAGE_CSS_ID)
        .map((style) => style.textContent ?? '')
        .join('\n');
      const kept: LastPage = { sub, path: window.location.pathname, html: clone.innerHTML, css, savedAt: Date.now() };
      localStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
    } catch {
      // A full storage keeps no page; the next visit starts as usual.
    }
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') save();
  };
  let firstChange = 0;
  let lastSaved = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 2_000 }) : run();
  const onChange = () => {
    if (!KEPT_PATHS.has(window.location.pathname)) return;
    const now = Date.now();
    firstChange ||= now;
    clearTimeout(timer);
    const due = Math.max(Math.min(now + SETTLE_MS, firstChange + MAX_WAIT_MS), lastSaved + RESAVE_MS);
    timer = setTimeout(
      () =>
        idle(() => {
          firstChange = 0;
          lastSaved = Date.now();
          save();
        }),
      due - now,
    );
  };
  const observer = new MutationObserver(onChange);
  if (root) observer.observe(root, { childList: true, subtree: true, characterData: true });
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('pagehide', save);
    document.removeEventListener('visibilitychange', onHidden);
  };
}

/** Sign-out: the next person on this device sees nothing of it. */
export function forgetLastPage(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
