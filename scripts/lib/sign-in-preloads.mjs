// A signed-out visit starts on the sign-in page, whose form is Amplify UI's Authenticator in remote-auth's page chunk,
// over the host's Amplify core (a shared singleton). Left to the federation runtime, the core's chunks are asked for
// only once remote-auth's entry has arrived and named them, after main.js has run and fetched that entry. The host's
// server knows the path, so the page names them itself (<link rel="preload">) and they download beside main.js. Not
// the host's own auth functions: the widget loads them once its form is on screen (every byte before it shares a
// phone's link with the widget's chunk). Not the page chunk: main.js starts it once it runs (early-manifest.ts).
// Started with the host's boot scripts, its 110 KiB share a phone's link with them and delay the host's start more
// than they gain (bench/web: 2.4-2.6x the floor against 2.0-2.1x). A signed-in visitor on /auth is sent on to /home.

/** The signed-out entry page. */
export const SIGN_IN_PATH = '/auth';
/** The JSON block in which the host's build names Amplify core's chunks
 *  (SIGN_IN_CHUNKS_ELEMENT_ID of tooling/rspack-config/src/preload-boot-chunks.ts). */
const SIGN_IN_CHUNKS = /<script[^>]*\bid="bullpen-sign-in-chunks"[^>]*>([^<]*)<\/script>/;

/** The scripts the page at `path` should start at once: on the sign-in page, Amplify core's chunks. */
export function signInPreloads(page, path) {
  if (path !== SIGN_IN_PATH) return [];
  try {
    const list = JSON.parse(SIGN_IN_CHUNKS.exec(page)?.[1] ?? '[]');
    return Array.isArray(list) ? list.filter((href) => typeof href === 'string') : [];
  } catch {
    return [];
  }
}
