import type { IncomingMessage } from 'node:http';
import { isLoopbackAddress } from './loopback';

// DNS rebinding: a page on the attacker's name, once that name resolves to 127.0.0.1, reaches the pool from loopback
// with its own name in Host and its own origin. The peer address cannot tell it apart; Host and Origin can. So the
// pool answers only its own names, and cross-origin calls only from the app's origins, as dev servers do.

/** The host name of a Host header, lower case (`[::1]` for IPv6), or undefined when it is missing or malformed. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    const url = new URL(`http://${host}`);
    // Anything but host[:port] (user info, a path) makes the header something other than a Host.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
    return url.hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Whether a Host header names the pool: `localhost`, a loopback address, or one of `ownNames`, on any port. */
export function isOwnHost(host: string | undefined, ownNames: ReadonlySet<string>): boolean {
  const name = hostnameOf(host);
  if (name === undefined) return false;
  if (name === 'localhost' || ownNames.has(name)) return true;
  return isLoopbackAddress(name.startsWith('[') ? name.slice(1, -1) : name);
}

export type OriginVerdict = 'none' | 'same' | 'allowed' | 'refused';

/**
 * No Origin: not a cross-origin browser call (Node's fetch, curl, a page's own navigation). The pool's own origin: its
 * outbox page. One of `allowed`: the app, which gets CORS headers. Anything else is a page the pool must not serve.
 */
export function originVerdict(request: IncomingMessage, allowed: ReadonlySet<string>): OriginVerdict {
  const origin = request.headers.origin;
  if (origin === undefined) return 'none';
  if (allowed.has(origin)) return 'allowed';
  const host = request.headers.host;
  return host !== undefined && origin.toLowerCase() === `http://${host.toLowerCase()}` ? 'same' : 'refused';
}
