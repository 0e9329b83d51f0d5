// A warm visit's first paint (host/src/features/last-page): the page a signed-in user last saw on /home is kept as
// they leave it and shown at once on their next visit, behind which the app starts and which it replaces with its
// own first page; never for another user, another address, an old copy or a token that is no longer good; transient
// pieces (toasts, dialogs) are not kept; sign-out forgets it.
import { forgetLastPage, keepLastPage, LAST_PAGE_ID, paintLastPage } from '../src/features/last-page';

const CLIENT = 'client-1';
const tokenFor = (sub: string, seconds = 3600) =>
  `e30.${btoa(JSON.stringify({ sub, exp: Math.floor(Date.now() / 1000) + seconds })).replace(/=+$/, '')}.sig`;
function signIn(sub: string, seconds?: number) {
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, sub);
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.${sub}.idToken`, tokenFor(sub, seconds));
}

let root: HTMLElement;
let stopKeeping: () => void = () => undefined;

function showHome() {
  root.innerHTML = `<header>Bullpen</header><main><h1>Home</h1><a href="/contest-detail/c1">Bench live contest 1</a>
    <div role="dialog">Confirm?</div></main><section aria-label="Notifications"><p>Saved</p></section>`;
  const style = document.createElement('style');
  style.textContent = '.row { color: teal; }';
  document.head.appendChild(style);
}
const leave = () => window.dispatchEvent(new Event('pagehide'));
/** A new visit: the page's markup again, then main.js. */
function nextVisit() {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"><div class="boot-loader" role="status"></div></div>';
  root = document.getElementById('root') as HTMLElement;
  paintLastPage(CLIENT, root);
}
const copy = () => document.getElementById(LAST_PAGE_ID);

beforeEach(() => {
  jest.useRealTimers();
  localStorage.clear();
  window.history.replaceState(null, '', '/home');
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  root = document.getElementById('root') as HTMLElement;
  stopKeeping = keepLastPage(CLIENT, root);
});
afterEach(() => stopKeeping());

it('shows the last /home at once on the next visit, with its styles, until the app shows a page of its own', async () => {
  signIn('sub-a');
  showHome();
  leave();
  stopKeeping();

  nextVisit();
  expect(copy()).not.toBeNull();
  expect(copy()?.querySelector('a')?.textContent).toBe('Bench live contest 1');
  expect(copy()?.getAttribute('aria-busy')).toBe('true');
  expect(document.head.textContent).toContain('.row { color: teal; }');
  expect(root.style.display).toBe('none');
  // Nothing of the moment it was left: no dialog, no toast.
  expect(copy()?.querySelector('[role="dialog"]')).toBeNull();
  expect(copy()?.textContent).not.toContain('Saved');

  // The app's loader does not replace it; the app's first page does.
  root.innerHTML = '<div role="status">Loading your account</div>';
  await Promise.resolve();
  expect(copy()).not.toBeNull();
  root.innerHTML = '<main><h1>Home</h1></main>';
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(copy()).toBeNull();
  expect(root.style.display).toBe('');
  expect(document.head.textContent).not.toContain('.row { color: teal; }');
});

it('shows nothing to another user, without a good token, at another address, or after sign-out', () => {
  signIn('sub-a');
  showHome();
  leave();

  signIn('sub-b');
  nextVisit();
  expect(copy()).toBeNull();

  signIn('sub-a', 30);
  nextVisit();
  expect(copy()).toBeNull();

  signIn('sub-a');
  window.history.replaceState(null, '', '/profile');
  nextVisit();
  expect(copy()).toBeNull();

  window.history.replaceState(null, '', '/home');
  forgetLastPage();
  nextVisit();
  expect(copy()).toBeNull();
});

it('keeps only /home, signed in, once the app shows it; a copy over a day old is not shown', () => {
  jest.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
  showHome();
  leave(); // signed out: nothing kept
  expect(localStorage.getItem('bullpen:last-page')).toBeNull();

  signIn('sub-a');
  window.history.replaceState(null, '', '/profile');
  leave();
  expect(localStorage.getItem('bullpen:last-page')).toBeNull();

  window.history.replaceState(null, '', '/home');
  root.innerHTML = '<div role="status">Loading</div>';
  leave(); // still loading: nothing worth showing
  expect(localStorage.getItem('bullpen:last-page')).toBeNull();

  showHome();
  document.dispatchEvent(new Event('visibilitychange'));
  expect(localStorage.getItem('bullpen:last-page')).toBeNull(); // still visible
  leave();
  expect(localStorage.getItem('bullpen:last-page')).not.toBeNull();

  jest.setSystemTime(new Date('2026-11-26T10:00:01Z'));
  signIn('sub-a');
  nextVisit();
  expect(copy()).toBeNull();
});
