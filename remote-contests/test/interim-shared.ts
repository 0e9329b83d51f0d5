// TEMPORARY: stands in for @bullpen/shared's client until the shell agent commits it, so the screens can be tested
// against msw now. It follows the contract of the brief (apiGet/apiPost, useApiGet/useApiPost, notifyError, toast,
// useUserStore). Remove together with its moduleNameMapper entry once shared/src/index.ts exists.
import useSWR from 'swr';
import { create } from 'zustand';

export * from '@bullpen/shared/schemas';

const BASE = 'http://localhost:4000';

export class ApiError extends Error {
  constructor(
    message: string,
    public statusCode: number,
    public errors: { field: string; message: string }[],
    public data: unknown,
  ) {
    super(message);
  }
}

async function request<T>(method: string, path: string, body?: unknown, auth = true): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth) headers.authorization = 'test-id-token';
  const response = await fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(data?.errMessage ?? data?.message ?? response.statusText, response.status, data?.errors ?? [], data);
  return data as T;
}

export const apiGet = <T>(path: string) => request<T>('GET', path);
export const apiPost = <T>(path: string, body: unknown, options: { auth?: boolean } = {}) =>
  request<T>('POST', path, body, options.auth ?? path !== '/contest/get-contest');

export const useApiGet = <T>(path: string | null) => useSWR<T>(path, (p: string) => apiGet<T>(p), { shouldRetryOnError: false });
export const useApiPost = <T>(path: string | null, body: unknown) =>
  useSWR<T>(path ? [path, body] : null, ([p, b]: [string, unknown]) => apiPost<T>(p, b), { shouldRetryOnError: false });

type Toast = { kind: 'success' | 'error' | 'warning'; message: string };
export const useToastStore = create<{ toasts: Toast[] }>(() => ({ toasts: [] }));
const push = (kind: Toast['kind']) => (message: string) => useToastStore.setState((s) => ({ toasts: [...s.toasts, { kind, message }] }));
export const toast = { success: push('success'), error: push('error'), warning: push('warning') };
export const notifyError = (error: unknown) => toast.error((error as Error)?.message ?? 'Something went wrong');

export const useUserStore = create<{
  user: { id: string; ticker: string; role: 'user' | 'admin' } | null;
  lastLiveContestsFetched: number | null;
}>(() => ({ user: null, lastLiveContestsFetched: null }));
