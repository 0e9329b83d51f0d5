/**
 * A failed call to the provider, described without anything from the request: the SDK puts the key in every URL it
 * requests, so an HTTP library's own error (its config, its URL) must never reach a log line or a status.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** refused: the key was refused (401/403); the feed stops. limited: too many requests (429). */
    readonly kind: 'refused' | 'limited' | 'failed',
    /** How long the provider asked to wait before the next call (Retry-After), in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

interface HttpFailure {
  response?: { status?: number; headers?: Record<string, unknown> };
  code?: string;
}

/** The provider's answer in words of our own: its status code or a transport failure's code, nothing else. */
export function providerError(call: string, error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const failure = (error ?? {}) as HttpFailure;
  const status = failure.response?.status;
  if (status === 401 || status === 403)
    return new ProviderError(`${call}: the provider refused the API key (${status})`, 'refused');
  if (status === 429) {
    const header = Number(failure.response?.headers?.['retry-after']);
    return new ProviderError(
      `${call}: rate limited (429)`,
      'limited',
      Number.isFinite(header) && header > 0 ? header * 1000 : null,
    );
  }
  if (status) return new ProviderError(`${call}: the provider answered ${status}`, 'failed');
  const code = typeof failure.code === 'string' && /^[A-Z_]{2,40}$/.test(failure.code) ? failure.code : 'no answer';
  return new ProviderError(`${call}: ${code}`, 'failed');
}
