import { act, renderHook } from '@testing-library/react';
import type { StreamEvent } from './read-event-stream';
import { useEventStream } from './use-event-stream';

jest.mock('@bullpen/shared', () => ({}));
jest.mock('./read-event-stream', () => ({ readEventStream: jest.fn() }));
const { readEventStream } = jest.requireMock('./read-event-stream') as { readEventStream: jest.Mock };

/** One connection the hook opened: what it asked for, and the server's side of it. */
interface Connection {
  path: string;
  signal: AbortSignal;
  send: (event: StreamEvent) => void;
  bytes: () => void;
  end: () => void;
}

let connections: Connection[];

beforeEach(() => {
  jest.useFakeTimers();
  connections = [];
  readEventStream.mockImplementation(
    (path: string, onEvent: (event: StreamEvent) => void, signal: AbortSignal, onBytes: () => void) =>
      new Promise<void>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')));
        connections.push({ path, signal, send: onEvent, bytes: onBytes, end: resolve });
      }),
  );
});
afterEach(() => jest.useRealTimers());

const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

function follow(path: string | null = '/events') {
  const onEvent = jest.fn();
  const onDrop = jest.fn();
  const hook = renderHook(({ at }) => useEventStream(at, { load: async () => 'loaded', onEvent, onDrop }), {
    initialProps: { at: path },
  });
  return { ...hook, onEvent, onDrop };
}

describe('useEventStream', () => {
  it('reads the stream and hands each event to onEvent with what load gave', async () => {
    const { onEvent } = follow();
    await wait(0);
    expect(connections.map((c) => c.path)).toEqual(['/events']);
    act(() => connections[0]?.send({ event: 'tick', data: { n: 1 } }));
    expect(onEvent).toHaveBeenCalledWith({ event: 'tick', data: { n: 1 } }, 'loaded');
  });

  it('reconnects after a drop, with a pause that doubles while drops follow each other and restarts after an event', async () => {
    const { onDrop } = follow();
    await wait(0);
    act(() => connections[0]?.end());
    await wait(0);
    expect(onDrop).toHaveBeenCalledTimes(1);
    await wait(1_999);
    expect(connections).toHaveLength(1);
    await wait(1);
    expect(connections).toHaveLength(2);

    act(() => connections[1]?.end());
    await wait(3_999);
    expect(connections).toHaveLength(2);
    await wait(1);
    expect(connections).toHaveLength(3);

    // An event proves the stream works: the next drop waits the shortest pause again.
    act(() => connections[2]?.send({ event: 'tick', data: {} }));
    act(() => connections[2]?.end());
    await wait(2_000);
    expect(connections).toHaveLength(4);
    expect(onDrop).toHaveBeenCalledTimes(3);
  });

  it('drops a connection that falls silent and opens another', async () => {
    follow();
    await wait(0);
    await wait(30_000);
    act(() => connections[0]?.bytes()); // a heartbeat
    await wait(34_999);
    expect(connections[0]?.signal.aborted).toBe(false);
    await wait(1);
    expect(connections[0]?.signal.aborted).toBe(true);
    await wait(2_000);
    expect(connections).toHaveLength(2);
  });

  it('closes the stream on unmount and never reconnects', async () => {
    const { unmount, onDrop } = follow();
    await wait(0);
    unmount();
    expect(connections[0]?.signal.aborted).toBe(true);
    await wait(120_000);
    expect(connections).toHaveLength(1);
    expect(onDrop).not.toHaveBeenCalled();
  });

  it('cancels a pending reconnection on unmount', async () => {
    const { unmount } = follow();
    await wait(0);
    act(() => connections[0]?.end());
    await wait(0);
    unmount();
    await wait(120_000);
    expect(connections).toHaveLength(1);
  });

  it('opens nothing without a path, and moves to a new path by closing the old stream', async () => {
    const { rerender } = follow(null);
    await wait(60_000);
    expect(connections).toHaveLength(0);
    rerender({ at: '/a' });
    await wait(0);
    rerender({ at: '/b' });
    await wait(0);
    expect(connections.map((c) => [c.path, c.signal.aborted])).toEqual([
      ['/a', true],
      ['/b', false],
    ]);
    rerender({ at: null });
    expect(connections[1]?.signal.aborted).toBe(true);
    await wait(120_000);
    expect(connections).toHaveLength(2);
  });
});
