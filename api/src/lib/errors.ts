import type { FieldError } from '@bullpen/contract';

/** An expected failure with its HTTP status and the API.md error body. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** Figures a client can act on, sent as the body's `data` (e.g. how many shares would fit under a cap). */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors: FieldError[] = []) => new ApiError(400, message, errors);
export const unauthorized = () => new ApiError(401, 'Unauthorized');
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, errors: FieldError[] = [], data?: Record<string, unknown>) =>
  new ApiError(409, message, errors, data);

const retryAfterSeconds = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / 1000));

/** The 429 the rate limiter answers (it sets Retry-After itself). */
export const rateLimited = (retryAfterMs: number) =>
  new ApiError(429, `Too many requests. Try again in ${retryAfterSeconds(retryAfterMs)} seconds.`);

/** 429 with Retry-After, worded like the rate limiter's own answer unless a message says more. */
export function tooManyRequests(
  reply: { header(name: string, value: string): unknown },
  retryAfterMs: number,
  message?: string,
): ApiError {
  reply.header('retry-after', String(retryAfterSeconds(retryAfterMs)));
  return message ? new ApiError(429, message) : rateLimited(retryAfterMs);
}
