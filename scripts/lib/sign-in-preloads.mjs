// A signed-out visit starts on the sign-in page, and its form is the heaviest first screen: Amplify UI's Authenticator
// in remote-auth's page chunk, over the host's Amplify core. Left to main.js, those files are asked for only once
// main.js has arrived and started the federation runtime (about 0.6 s into a visit on a phone network). The host's
// server knows the path and has the remotes' manifests, so the page itself names them (<link rel="preload">) and they
// download beside main.js. A signed-in visitor on /auth is sent on to /home and has fetched them for nothing: rare, and
// only on that path.

/** The signed-out entry page: its path, and the remote page the host routes it to. */
export const SIGN_IN = { path: '/auth', remote: 'auth', page: 'AuthPage' };
/** The JSON block in which the host's build names Amplify's auth chunks (shared/rspack/preload-boot-chunks.ts). */
const AUTH_CHUNKS = /<script[^>]*\bid="bullpen-auth-chunks"[^>]*>([^<]*)<\/script>/;

function authChunks(page) {
  try {
    const list = JSON.parse(AUTH_CHUNKS.exec(page)?.[1] ?? '[]');
    return Array.isArray(list) ? list.filter((href) => typeof href === 'string') : [];
  } catch {
    return [];
  }
}

/** The remote entry and the exposed page's scripts a manifest names, as absolute URLs (publicPath 'auto': beside it). */
function remotePageScripts(manifestUrl, manifest, page) {
  const entry = manifest?.metaData?.remoteEntry;
  if (!entry?.name) return [];
  const base = new URL(entry.path ?? '', new URL('./', manifestUrl));
  const exposed = (manifest.exposes ?? []).find((expose) => expose?.name === page);
  return [entry.name, ...(exposed?.assets?.js?.sync ?? [])].map((file) => new URL(file, base).href);
}

/** The scripts the page at `path` should start at once: on the sign-in page, its remote page and Amplify's auth. */
export function signInPreloads(page, path, config, manifests) {
  if (path !== SIGN_IN.path) return [];
  const manifestUrl = config.remotes?.[SIGN_IN.remote];
  const remote =
    manifestUrl && manifests[manifestUrl] ? remotePageScripts(manifestUrl, manifests[manifestUrl], SIGN_IN.page) : [];
  return [...remote, ...authChunks(page)];
}
