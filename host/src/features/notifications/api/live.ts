import type { Notification } from '@bullpen/contract';
import { API_PATHS } from '@bullpen/contract/paths';
import { authorizationHeaders, getApiHost } from '@bullpen/shared';
import { getState, updateState } from './unread-store';

// The user's notification stream (GET /notifications/events), loaded after the page has drawn: it needs the
// Authorization header, which EventSource cannot send, so the Server-Sent Events are read over fetch. Events: `unread`
// ({ unread }) first and whenever the count changes elsewhere (another tab read some), `notification`
// ({ notification, unread }) for each one written.

const RETRY_MS = [1000, 5000, 15_000, 30_000];
/** Notifications kept from the stream for the panel; the panel's own read has the rest. */
const ARRIVED_MAX = 50;

/** The events of an SSE text, and what remains of an event not complete yet. */
function parseEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

function apply(event: string, data: string): void {
  let parsed: { unread?: unknown; notification?: Notification };
  try {
    parsed = JSON.parse(data);
  } catch {
    return;
  }
  const unread = typeof parsed.unread === 'number' ? parsed.unread : getState().unread;
  if (event === 'notification' && parsed.notification) {
    const { arrived } = getState();
    const next = parsed.notification;
    updateState({
      unread,
      arrived: [next, ...arrived.filter((item) => item._id !== next._id)].slice(0, ARRIVED_MAX),
    });
  } else if (event === 'unread') {
    updateState({ unread });
  }
}

async function readOnce(signal: AbortSignal): Promise<void> {
  const response = await fetch(`${getApiHost()}${API_PATHS.notificationEvents}`, {
    headers: { accept: 'text/event-stream', ...(await authorizationHeaders()) },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`Notifications unavailable (${response.status})`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const { events, rest } = parseEvents(buffer + decoder.decode(value, { stream: true }));
    buffer = rest;
    for (const { event, data } of events) apply(event, data);
  }
}

/** Keeps the stream open until the returned function is called, reconnecting (backing off to 30 s) when it drops. */
export function startLiveNotifications(): () => void {
  const controller = new AbortController();
  void (async () => {
    let failures = 0;
    while (!controller.signal.aborted) {
      try {
        await readOnce(controller.signal);
        failures = 0;
      } catch {
        failures += 1;
      }
      if (controller.signal.aborted) return;
      const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 30_000;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return () => controller.abort();
}
