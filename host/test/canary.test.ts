// Canary assignment (host/src/features/remotes/api/canary.ts): the share holds over many users, each user or browser
// always gets the same release, a signed-in user is placed by their id, and a page without a canary loads the live
// release. The page's head start (early-manifest.ts) fetches the manifest of the release chosen.
import {
  assignmentId,
  BROWSER_ID_KEY,
  canaryBucket,
  chooseRelease,
  inCanary,
} from '../src/features/remotes/api/canary';

const LIVE = 'http://localhost:3002/releases/remote-contests/1.0.0-live/mf-manifest.json';
const CANARY = 'http://localhost:3002/releases/remote-contests/1.0.0-canary/mf-manifest.json';
const config = (percent: number) => ({
  auth: { userPoolClientId: 'client-1' },
  remotes: { contests: LIVE },
  releases: { contests: { live: '1.0.0-live', canary: { version: '1.0.0-canary', manifest: CANARY, percent } } },
});
const ids = Array.from({ length: 10_000 }, (_, index) => `user:${index.toString(16).padStart(8, '0')}-id`);

beforeEach(() => localStorage.clear());

describe('sticky canary assignment', () => {
  it.each([1, 10, 25, 50, 90])('%i %% of 10,000 ids get the canary, within 5 points', (percent) => {
    const share = (ids.filter((id) => inCanary(id, 'contests', percent)).length / ids.length) * 100;
    expect(Math.abs(share - percent)).toBeLessThanOrEqual(5);
  });

  it('gives the same id the same release every time', () => {
    for (const id of ids.slice(0, 500)) {
      const first = chooseRelease(config(50), 'contests', id);
      for (let i = 0; i < 3; i += 1) expect(chooseRelease(config(50), 'contests', id)).toEqual(first);
    }
  });

  it('keeps everyone on the canary there when the share grows', () => {
    const at10 = ids.filter((id) => inCanary(id, 'contests', 10));
    expect(at10.every((id) => inCanary(id, 'contests', 50))).toBe(true);
  });

  it('places a user independently per remote', () => {
    const both = ids.filter((id) => inCanary(id, 'contests', 50) && inCanary(id, 'trading', 50)).length;
    expect(Math.abs(both / ids.length - 0.25)).toBeLessThan(0.05);
    expect(canaryBucket('user:a', 'contests')).toBeGreaterThanOrEqual(0);
    expect(canaryBucket('user:a', 'contests')).toBeLessThan(10_000);
  });

  it('loads the live release, named, without a canary or for those outside the share', () => {
    expect(chooseRelease({ remotes: { contests: LIVE } }, 'contests', 'x')).toEqual({
      manifest: LIVE,
      release: 'base',
    });
    const outside = ids.find((id) => !inCanary(id, 'contests', 50)) as string;
    const inside = ids.find((id) => inCanary(id, 'contests', 50)) as string;
    expect(chooseRelease(config(50), 'contests', outside)).toEqual({ manifest: LIVE, release: '1.0.0-live' });
    expect(chooseRelease(config(50), 'contests', inside)).toEqual({ manifest: CANARY, release: '1.0.0-canary' });
  });
});

describe('who is placed', () => {
  const token = (sub: string, expiresIn: number) =>
    `e30.${btoa(JSON.stringify({ sub, exp: Math.floor(Date.now() / 1000) + expiresIn })).replace(/=+$/, '')}.sig`;
  const storeSession = (sub: string, expiresIn = 3600) => {
    localStorage.setItem('CognitoIdentityServiceProvider.client-1.LastAuthUser', 'someone');
    localStorage.setItem('CognitoIdentityServiceProvider.client-1.someone.idToken', token(sub, expiresIn));
  };

  it('a visitor by a random id this browser keeps', () => {
    const first = assignmentId('client-1');
    expect(first).toMatch(/^browser:/);
    expect(assignmentId('client-1')).toBe(first);
    expect(localStorage.getItem(BROWSER_ID_KEY)).toBe(first.slice('browser:'.length));
  });

  it('a signed-in user by their id, on any browser, even with an expired token (a refresh is coming)', () => {
    storeSession('sub-42');
    expect(assignmentId('client-1')).toBe('user:sub-42');
    localStorage.setItem(BROWSER_ID_KEY, 'another-browser-id');
    storeSession('sub-42', -600);
    expect(assignmentId('client-1')).toBe('user:sub-42');
  });
});
