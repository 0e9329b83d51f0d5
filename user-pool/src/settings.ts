import { isLoopbackHost } from './loopback';
import { isE164 } from './phone';

// What server.ts reads from the environment, checked here so that a bad value stops start-up with a message naming
// the setting (and so that startUserPool refuses the same values when called from code).

/** USER_POOL_ADMINS: comma-separated E.164 numbers; blanks around commas and empty items are ignored. */
export function parseAdmins(value: string | undefined): string[] {
  const numbers = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  assertAdmins(numbers, 'USER_POOL_ADMINS');
  return [...new Set(numbers)];
}

export function assertAdmins(numbers: readonly string[], name = 'admins'): void {
  const bad = numbers.filter((phone) => typeof phone !== 'string' || !isE164(phone));
  if (bad.length > 0) {
    throw new SettingError(
      `${name} must list E.164 phone numbers separated by commas (like +15555550123,+15555550124), not ${bad
        .map((phone) => JSON.stringify(phone))
        .join(', ')}`,
    );
  }
}

/**
 * USER_POOL_ALLOWED_ORIGINS: comma-separated origins (`http://localhost:3000`) of the pages that call the pool from a
 * browser; they alone get CORS headers. Blanks and empty items are ignored; each is kept as its normalized origin.
 */
export function parseOrigins(value: string | undefined): string[] {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return normalizeOrigins(items, 'USER_POOL_ALLOWED_ORIGINS');
}

export function normalizeOrigins(items: readonly string[], name = 'allowedOrigins'): string[] {
  const origins: string[] = [];
  const bad: string[] = [];
  for (const item of items) {
    const origin = originOf(item);
    if (origin === undefined) bad.push(item);
    else origins.push(origin);
  }
  if (bad.length > 0) {
    throw new SettingError(
      `${name} must list origins separated by commas (like http://localhost:3000,http://localhost:3001), not ${bad
        .map((item) => JSON.stringify(item))
        .join(', ')}`,
    );
  }
  return [...new Set(origins)];
}

function originOf(item: unknown): string | undefined {
  if (typeof item !== 'string') return undefined;
  try {
    const url = new URL(item);
    const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
    if (!bare || (url.protocol !== 'http:' && url.protocol !== 'https:') || !/^https?:\/\//i.test(item))
      return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** A yes/no setting: 1/true/yes or 0/false/no (any case); unset or empty is `fallback`. */
export function parseFlag(name: string, value: string | undefined, fallback = false): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return fallback;
  if (['1', 'true', 'yes'].includes(text)) return true;
  if (['0', 'false', 'no'].includes(text)) return false;
  throw new SettingError(`${name} must be 1 or 0 (true or false), not ${JSON.stringify(value)}`);
}

/** A whole number of at least 1, or undefined when unset. */
export function parseCount(name: string, value: string | undefined): number | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text)))
    throw new SettingError(`${name} must be a whole number of at least 1, not ${JSON.stringify(value)}`);
  return Number(text);
}

/**
 * Beyond loopback anyone could read the outbox (every code: enough to confirm any number, a listed admin's included)
 * and, through a proxy on this machine (its requests come from loopback), call the admin and group operations, which
 * carry no credentials. So the pool listens on loopback only, unless told otherwise on purpose.
 */
export function assertListenHost(host: string, allowNonLoopback: boolean): void {
  if (allowNonLoopback || isLoopbackHost(host)) return;
  throw new SettingError(
    `refusing to listen on ${JSON.stringify(host)}, which is not a loopback address (127.0.0.0/8, ::1, localhost): ` +
      'the user pool answers admin and group operations without credentials and shows every code on its outbox. ' +
      'To listen beyond loopback anyway, put a proxy in front that blocks the admin and group operations and the ' +
      'outbox, and set USER_POOL_ALLOW_NON_LOOPBACK=1 (option allowNonLoopback: true).',
  );
}

/** A setting that stops start-up: server.ts prints its message alone, without a stack. */
export class SettingError extends Error {
  override name = 'SettingError';
}
