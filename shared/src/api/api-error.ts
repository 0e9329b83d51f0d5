import type { FieldError } from '@bullpen/contract';

// SPEC §8: every failed call becomes { message, errors, statusCode, data }.

export const NETWORK_ERROR_MESSAGE =
  'Network Error. Please check your internet connection or it might be that the server is down.';

export class ApiError extends Error {
  readonly errors: FieldError[];
  readonly statusCode: number;
  readonly data: unknown;
  /** No answer came back (network down, server down, timeout): worth trying again until one does. */
  readonly unanswered: boolean;

  constructor({
    message,
    errors = [],
    statusCode = 500,
    data,
    unanswered = false,
  }: { message: string; errors?: FieldError[]; statusCode?: number; data?: unknown; unanswered?: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.errors = errors;
    this.statusCode = statusCode;
    this.data = data;
    this.unanswered = unanswered;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** An answer with a non-2xx status: message from errMessage, else message, else the transport's own words. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const errors = Array.isArray(record.errors) ? (record.errors as FieldError[]) : [];
  const message = text(record.errMessage) ?? text(record.message) ?? `Request failed with status code ${status}`;
  return new ApiError({ message, errors, statusCode: status, data: body });
}

/** No answer at all: the statusCode defaults to 500. */
export function errorWithoutResponse(cause: unknown, timeoutMs: number): ApiError {
  if (cause instanceof ApiError) return cause;
  const name = (cause as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ApiError({ message: `timeout of ${timeoutMs}ms exceeded`, unanswered: true });
  }
  return new ApiError({ message: NETWORK_ERROR_MESSAGE, unanswered: true });
}

/** The message to show for anything thrown, API or not. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return text(error) ?? 'Something went wrong';
}
