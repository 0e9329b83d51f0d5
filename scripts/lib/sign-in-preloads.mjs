// A signed-out visit starts on the sign-in page, whose form is Amplify UI's Authenticator in remote-auth's page chunk,
// over the host's Amplify core. Left to the federation runtime, Amplify's chunks are asked for only once remote-auth's
// entry has arrived and named them, after main.js has run and fetched that entry. The host's server knows the path, so
// the page names them itself (<link rel="preload">) and they download beside main.js. Not the page chunk: main.js
// starts it once it runs (early-manifest.ts). Started with the host's boot scripts, its 110 KiB share a phone's link
// with them and delay the host's start more than they gain (bench/web: 2.4-2.6x the floor against 2.0-2.1x). A
// signed-in visitor on /auth is sent on to /home and has fetched Amplify's chunks, which a token refresh needs anyway.

/** The signed-out entry page. */
export const SIGN_IN_PATH = '/auth';
/** The JSON block in which the host's build names Amplify's auth chunks
 *  (tooling/rspack-config/src/preload-boot-chunks.ts). */
const AUTH_CHUNKS = /<script[^>]*\bid="bullpen-auth-chunks"[^>]*>([^<]*)<\/script>/;

/** The scripts the page at `path` should start at once: on the sign-in page, Amplify's auth chunks. */
export function signInPreloads(page, path) {
  if (path !== SIGN_IN_PATH) return [];
  try {
    const list = JSON.parse(AUTH_CHUNKS.exec(page)?.[1] ?? '[]');
    return Array.isArray(list) ? list.filter((href) => typeof href === 'string') : [];
  } catch {
    return [];
  }
}
