import { authorizationHeaders, getApiHost } from '@bullpen/shared';
import { createParser } from 'eventsource-parser';

// The API's event streams need the Authorization header like every call, which EventSource cannot send: the
// Server-Sent Events are read over fetch instead.

export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * Reads the stream at `path` until it ends, fails or `signal` aborts it. `onBytes` hears every chunk, the server's
 * heartbeat comments included, so a caller can tell a quiet stream from a dead connection.
 */
export async function readEventStream(
  path: string,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
  onBytes: () => void = () => undefined,
): Promise<void> {
  const response = await fetch(`${getApiHost()}${path}`, {
    headers: { accept: 'text/event-stream', ...(await authorizationHeaders()) },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`Event stream ${path} unavailable (${response.status})`);

  const parser = createParser({
    onEvent: ({ event, data }) => {
      try {
        onEvent({ event: event ?? 'message', data: JSON.parse(data) });
      } catch {
        // A malformed event is skipped; the stream's next one is complete.
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes();
    parser.feed(value);
  }
}
