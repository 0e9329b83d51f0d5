import { getApiHost } from '../config/runtime-config';
import { errorFromResponse, errorWithoutResponse } from './api-error';
import { takeEarlyRead } from './early-reads';
import { authorizationHeaders } from './id-token';
import { PUBLIC_PATHS } from './public-paths';

/** SPEC §7: every call times out after 50 seconds. */
export const API_TIMEOUT_MS = 50_000;

export interface RequestOptions {
  headers?: Record<string, string>;
  /** false sends no token; the default follows SPEC §6. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** One call of the API, untyped: the typed apiGet and apiPost, and SWR's fetcher, whose keys are the paths. */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<T> {
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
  // Development builds hold each answer to the contract; production builds drop this branch and never load zod, and
  // tests, whose answers are often partial on purpose, take them as they come.
  if (process.env.NODE_ENV === 'development') {
    const { checkResponse } = await import('./check-response');
    checkResponse(method === 'GET' ? 'get' : 'post', path, data);
  }
  return data as T;
}
