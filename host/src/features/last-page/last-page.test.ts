import { keepLastPage, LAST_PAGE_ID, paintLastPage } from './last-page';

const CLIENT = 'client';
const STORAGE_KEY = 'bullpen:last-page';

/** A stored session as Amplify keeps it, with an ID token good for an hour. */
function signIn(sub: string) {
  const claims = btoa(JSON.stringify({ sub, exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, sub);
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.${sub}.idToken`, `h.${claims}.s`);
}

function page(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root') as HTMLElement;
}

const saved = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { html: string } | null;

let stop: () => void = () => undefined;
beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  window.history.replaceState(null, '', '/home');
  signIn('user-1');
});
afterEach(() => {
  stop();
  jest.useRealTimers();
});

it('keeps /home once it has settled in view, so a second tab starts from it', async () => {
  const root = page('<main><h1>Contests</h1><p>Loading…</p></main>');
  stop = keepLastPage(CLIENT, root);
  root
    .querySelector('p')
    ?.replaceWith(Object.assign(document.createElement('a'), { href: '/x', textContent: 'Desk Wars' }));
  await Promise.resolve(); // the observer's callback
  jest.advanceTimersByTime(1_000);
  expect(saved()).toBeNull();
  jest.advanceTimersByTime(600);
  expect(saved()?.html).toContain('Desk Wars');

  // The second tab: same storage, same user and address, before its app has started.
  const second = page('');
  paintLastPage(CLIENT, second);
  expect(document.getElementById(LAST_PAGE_ID)).toHaveTextContent('Desk Wars');
  expect(second.style.display).toBe('none');
});

it('a page that never stands still (a countdown) is kept after a few seconds, then at most every 30 s', async () => {
  const root = page('<main><h1>Contests</h1><span>10</span></main>');
  stop = keepLastPage(CLIENT, root);
  const counter = root.querySelector('span') as HTMLElement;
  const tick = async (seconds: number) => {
    for (let i = 0; i < seconds; i++) {
      counter.textContent = String(Number(counter.textContent) - 1);
      await Promise.resolve();
      jest.advanceTimersByTime(1_000);
    }
  };
  await tick(4);
  expect(saved()).toBeNull();
  await tick(2);
  expect(saved()?.html).toContain('<span>5</span>');
  await tick(20);
  expect(saved()?.html).toContain('<span>5</span>');
  await tick(12);
  expect(saved()?.html).not.toContain('<span>5</span>');
});

it('keeps nothing of another address, or when signed out', async () => {
  window.history.replaceState(null, '', '/live-contest/c1');
  let root = page('<main><h1>Live</h1></main>');
  stop = keepLastPage(CLIENT, root);
  root.append('changed');
  await Promise.resolve();
  jest.advanceTimersByTime(10_000);
  expect(saved()).toBeNull();
  stop();

  window.history.replaceState(null, '', '/home');
  localStorage.clear();
  root = page('<main><h1>Contests</h1></main>');
  stop = keepLastPage(CLIENT, root);
  root.append('changed');
  await Promise.resolve();
  jest.advanceTimersByTime(10_000);
  expect(saved()).toBeNull();
});
