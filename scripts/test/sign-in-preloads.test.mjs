// The sign-in page names Amplify core's chunks in its own markup, so they download beside main.js instead of after
// remote-auth's entry (scripts/lib/sign-in-preloads.mjs); every other page is left as it was.
import { inlineRuntimeConfig } from '../lib/inline-config.mjs';
import { SIGN_IN_PATH, signInPreloads } from '../lib/sign-in-preloads.mjs';

const AUTH_MANIFEST = 'http://localhost:3001/mf-manifest.json';
const CONFIG = {
  apiHost: 'http://localhost:4000',
  auth: { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c' },
  remotes: { auth: AUTH_MANIFEST, contests: 'http://localhost:3002/mf-manifest.json' },
};
const PAGE =
  '<!doctype html><html><head><title>Bullpen</title>' +
  '<script id="bullpen-auth-chunks" type="application/json">["/251.a.js","/96.c.js","/auth-session.b.js"]</script>' +
  '<script id="bullpen-sign-in-chunks" type="application/json">["/251.a.js","/987.d.js"]</script>' +
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
  it("names, on the sign-in page, Amplify core's chunks the host's build lists, not the host's auth functions", () => {
    expect(signInPreloads(PAGE, SIGN_IN_PATH)).toEqual(['/251.a.js', '/987.d.js']);
  });

  it('names nothing on any other page', () => {
    for (const path of ['/', '/home', '/join-contest-info/1', '/auth/x', undefined])
      expect(signInPreloads(PAGE, path)).toEqual([]);
  });

  it('reads a broken or missing list of chunks as none', () => {
    const broken = PAGE.replace('["/251.a.js","/987.d.js"]', '{not json');
    expect(signInPreloads(broken, SIGN_IN_PATH)).toEqual([]);
    expect(signInPreloads('<html><head></head></html>', SIGN_IN_PATH)).toEqual([]);
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
