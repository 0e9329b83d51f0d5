import { useEffect, useRef } from 'react';
import { readEventStream, type StreamEvent } from './read-event-stream';

const MAX_BACKOFF_MS = 30_000;
/**
 * A connection that has sent nothing for this long is dead, whatever the socket says: the API writes a heartbeat
 * comment every 15 s on each of its streams, and a network that drops silently never closes it.
 */
const SILENT_STREAM_MS = 35_000;

export interface EventStreamOptions<T> {
  /** Awaited before each connection (a module the events are read with, say); a failure counts as a drop. */
  load?: () => Promise<T>;
  /** Each event of the stream, with what `load` gave. */
  onEvent: (event: StreamEvent, loaded: T) => void;
  /** The connection ended, failed or fell silent; the next one is on its way, after a pause. */
  onDrop?: () => void;
}

/**
 * Keeps the API's event stream at `path` open while the component is mounted and `path` is not null. After a drop it
 * reconnects with a pause that doubles with each drop in a row (2 s, 4 s, … up to 30 s; an event heard starts the
 * count again); a connection that falls silent is dropped; unmounting or a new `path` closes it. The handlers are read
 * when called, so they may change from one render to the next without a reconnection.
 */
export function useEventStream<T = undefined>(path: string | null, options: EventStreamOptions<T>): void {
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let silence: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      // Each connection can be dropped alone when it falls silent; leaving drops them all.
      const connection = new AbortController();
      const drop = () => connection.abort();
      controller.signal.addEventListener('abort', drop);
      const heard = () => {
        if (silence) clearTimeout(silence);
        silence = setTimeout(drop, SILENT_STREAM_MS);
      };
      heard();
      const { load } = latest.current;
      (load ? load() : Promise.resolve(undefined as T))
        .then((loaded) =>
          readEventStream(
            path,
            (event) => {
              attempt = 0;
              latest.current.onEvent(event, loaded);
            },
            connection.signal,
            heard,
          ),
        )
        .catch(() => undefined)
        .finally(() => {
          controller.signal.removeEventListener('abort', drop);
          if (silence) clearTimeout(silence);
          if (controller.signal.aborted) return;
          latest.current.onDrop?.();
          attempt += 1;
          timer = setTimeout(connect, Math.min(1000 * 2 ** attempt, MAX_BACKOFF_MS));
        });
    };
    connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
      if (silence) clearTimeout(silence);
    };
  }, [path]);
}
