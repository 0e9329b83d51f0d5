import { storedIdToken } from '../auth/stored-session';
import { API_PATHS } from '@bullpen/contract/paths';
import { PUBLIC_PATHS } from './public-paths';
import type { ApiKey } from './api-key';

// A page's first reads would otherwise leave only once bootstrap had run (the shared chunks fetched and executed,
// Amplify configured, the session read). The host's main.js sends them itself, before the async boundary, when the
// page carries its config inline and the stored ID token is good for a while yet, exactly as the API client would
// (same URL, method, body and headers); the client then takes the answer instead of sending the same request again
// (takeEarlyRead), once, and only if the token it would send is the one the early request carried. A refreshed
// token, another body or a second call all go to the network. main.js imports this file on its own
// ('@bullpen/shared/early-reads', bundled into main.js, not the shared singleton): the two sides meet on globalThis.

type Method = 'GET' | 'POST';
interface EarlyRead {
  /** The token it carried; none for a public read (SPEC §6), which the client sends without one too. */
  authorization: string | undefined;
  response: Promise<Response>;
}

const GLOBAL_KEY = '__bullpenEarlyReads';

const store = (): Map<string, EarlyRead> => {
  const holder = globalThis as unknown as Record<string, Map<string, EarlyRead> | undefined>;
  holder[GLOBAL_KEY] ??= new Map();
  return holder[GLOBAL_KEY];
};
const keyOf = (method: Method, url: string, body: string | undefined) => `${method} ${url} ${body ?? ''}`;

/** The API client's side: the early answer to exactly this request, once, or null. */
export function takeEarlyRead(
  method: Method,
  url: string,
  body: string | undefined,
  authorization: string | undefined,
) {
  const reads = (globalThis as unknown as Record<string, Map<string, EarlyRead> | undefined>)[GLOBAL_KEY];
  const key = keyOf(method, url, body);
  const read = reads?.get(key);
  if (!read) return null;
  reads?.delete(key);
  return read.authorization === authorization ? read.response : null;
}

interface InlineConfig {
  apiHost?: string;
  auth?: { userPoolClientId?: string };
}

/** main.js's side: sends the current user and `reads` (the route's, host/src/app/route-table.ts) now, as the API
 *  client would. Never throws. */
export function startEarlyReads(config: InlineConfig, reads: readonly ApiKey[]): void {
  try {
    const apiHost = config.apiHost?.replace(/\/+$/, '');
    const clientId = config.auth?.userPoolClientId;
    if (!apiHost || !clientId) return;
    const token = storedIdToken(clientId);
    if (!token) return;
    for (const read of [[API_PATHS.getUser, {}] as const, ...reads]) {
      const [method, path, body]: [Method, string, string | undefined] =
        typeof read === 'string' ? ['GET', read, undefined] : ['POST', read[0], JSON.stringify(read[1])];
      const url = `${apiHost}${path}`;
      const authorization = PUBLIC_PATHS.has(path) ? undefined : token;
      const headers: Record<string, string> = {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(authorization ? { authorization } : {}),
      };
      const response = fetch(url, { method, headers, body, signal: AbortSignal.timeout(50_000) });
      // An unanswered early read is reported by the client that takes it, not here.
      response.catch(() => undefined);
      store().set(keyOf(method, url, body), { authorization, response });
    }
  } catch {
    // Only a head start.
  }
}

export { hasStoredUser, storedIdToken, tokenSub } from '../auth/stored-session';
// The route table's reads name their paths (main.js carries the table): the paths alone, without zod.
export { API_PATHS } from '@bullpen/contract/paths';
export { readPageJson } from '../config/page-json';
