// The sign-in page names its remote page and Amplify's auth chunks in its own markup, so they download beside main.js
// instead of after it (scripts/lib/sign-in-preloads.mjs); every other page is left as it was.
import { inlineRuntimeConfig } from '../lib/inline-config.mjs';
import { SIGN_IN, signInPreloads } from '../lib/sign-in-preloads.mjs';

const AUTH_MANIFEST = 'http://localhost:3001/mf-manifest.json';
const CONFIG = {
  apiHost: 'http://localhost:4000',
  auth: { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c' },
  remotes: { auth: AUTH_MANIFEST, contests: 'http://localhost:3002/mf-manifest.json' },
};
const PAGE =
  '<!doctype html><html><head><title>Bullpen</title>' +
  '<script id="bullpen-auth-chunks" type="application/json">["/251.a.js","/auth-session.b.js"]</script>' +
  '</head><body><div id="root"></div></body></html>';
const MANIFESTS = {
  [AUTH_MANIFEST]: {
    metaData: { remoteEntry: { name: 'remoteEntry.abc.js', path: '' } },
    exposes: [
      { name: 'AuthPage', assets: { js: { sync: ['__federation_expose_AuthPage.def.js'] } } },
      { name: 'Other', assets: { js: { sync: ['other.js'] } } },
    ],
  },
};

describe('signInPreloads', () => {
  it("names, on the sign-in page, the remote's entry, the page's chunks and Amplify's auth chunks", () => {
    expect(signInPreloads(PAGE, SIGN_IN.path, CONFIG, MANIFESTS)).toEqual([
      'http://localhost:3001/remoteEntry.abc.js',
      'http://localhost:3001/__federation_expose_AuthPage.def.js',
      '/251.a.js',
      '/auth-session.b.js',
    ]);
  });

  it('names nothing on any other page', () => {
    for (const path of ['/', '/home', '/join-contest-info/1', '/auth/x', undefined])
      expect(signInPreloads(PAGE, path, CONFIG, MANIFESTS)).toEqual([]);
  });

  it("still names Amplify's chunks when the remote's manifest is not in the page (it did not answer)", () => {
    expect(signInPreloads(PAGE, SIGN_IN.path, CONFIG, {})).toEqual(['/251.a.js', '/auth-session.b.js']);
  });

  it('reads a broken or missing list of chunks as none', () => {
    const broken = PAGE.replace('["/251.a.js","/auth-session.b.js"]', '{not json');
    expect(signInPreloads(broken, SIGN_IN.path, CONFIG, {})).toEqual([]);
    expect(signInPreloads('<html><head></head></html>', SIGN_IN.path, CONFIG, {})).toEqual([]);
  });
});

describe('inlineRuntimeConfig with preloads', () => {
  it('puts one <link rel="preload" as="script"> per script in <head>, escaped', () => {
    const page = inlineRuntimeConfig(PAGE, CONFIG, MANIFESTS, {
      preloads: ['http://localhost:3001/remoteEntry.abc.js', '/a.js?x="1"&y'],
    });
    const head = page.slice(0, page.indexOf('</head>'));
    expect([...head.matchAll(/<link rel="preload" as="script" href="([^"]*)">/g)].map((match) => match[1])).toEqual([
      'http://localhost:3001/remoteEntry.abc.js',
      '/a.js?x=&quot;1&quot;&amp;y',
    ]);
  });
});
