import { freshStoredIdToken, hasStoredSession, loadAuth } from '../auth/configure-auth';
import { getApiHost } from '../config/runtime-config';
import { ApiError, errorFromResponse, errorWithoutResponse } from './api-error';
import { takeEarlyRead } from './early-reads';
import { PUBLIC_PATHS } from './public-paths';

/** SPEC §7: every call times out after 50 seconds. */
export const API_TIMEOUT_MS = 50_000;

export interface RequestOptions {
  headers?: Record<string, string>;
  /** false sends no token; the default follows SPEC §6. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** The signed-in user's ID token: the stored one while it is good (as Amplify would answer), else Amplify's answer,
 *  which refreshes a token close to expiry (one refresh at a time), or undefined when signed out. With no session on
 *  this device Amplify has no token to give: a signed-out visitor's page and reads do not load it. */
export async function getIdToken(): Promise<string | undefined> {
  const stored = freshStoredIdToken();
  if (stored) return stored;
  if (!hasStoredSession()) return undefined;
  try {
    const { fetchAuthSession } = await loadAuth();
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

export async function authorizationHeaders(): Promise<Record<string, string>> {
  const token = await getIdToken();
  return token ? { authorization: token } : {};
}

async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, options: RequestOptions): Promise<T> {
  const useAuth = options.auth ?? !PUBLIC_PATHS.has(path);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(useAuth ? await authorizationHeaders() : {}),
    ...options.headers,
  };
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  const url = `${getApiHost()}${path}`;
  const text = body === undefined ? undefined : JSON.stringify(body);
  // The same request main.js already sent with the same token (early-reads.ts), unless the caller adds headers or
  // may cancel.
  const early = options.headers || options.signal ? null : takeEarlyRead(method, url, text, headers.authorization);
  let response: Response;
  try {
    response = await (early ?? fetch(url, { method, headers, body: text, signal }));
  } catch (cause) {
    throw errorWithoutResponse(cause, API_TIMEOUT_MS);
  }

  const raw = await response.text().catch(() => '');
  let data: unknown = raw;
  if (raw !== '') {
    try {
      data = JSON.parse(raw);
    } catch {
      // Not JSON (a proxy's error page, say): keep the text as data.
    }
  }
  if (!response.ok) throw errorFromResponse(response.status, data);
  return data as T;
}

export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>('GET', path, undefined, options);
}

/** SPEC §7: POST calls with an "empty" body send {}. */
export function apiPost<T>(path: string, body: unknown = {}, options: RequestOptions = {}): Promise<T> {
  return request<T>('POST', path, body, options);
}

export { ApiError };
