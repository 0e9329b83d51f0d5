import { authorizationHeaders, getApiHost } from '@bullpen/shared';

// The chat stream needs the Authorization header like every call, which EventSource cannot send: Server-Sent Events
// are read over fetch, as the live screen reads its own stream.

export interface ChatStreamEvent {
  event: string;
  data: unknown;
}

/** The events of a block of lines (`event:` and `data:` fields; comments and `retry:` are skipped). */
function parseBlock(block: string): ChatStreamEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join('\n')) };
  } catch {
    return null;
  }
}

/**
 * Reads the chat stream at `path` until it ends, fails or `signal` aborts it. `onBytes` hears every chunk, heartbeats
 * included, so a caller can tell a quiet chat from a dead connection.
 */
export async function readChatStream(
  path: string,
  onEvent: (event: ChatStreamEvent) => void,
  signal: AbortSignal,
  onBytes: () => void = () => undefined,
): Promise<void> {
  const response = await fetch(`${getApiHost()}${path}`, {
    headers: { accept: 'text/event-stream', ...(await authorizationHeaders()) },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`Chat updates unavailable (${response.status})`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes();
    text += value.replace(/\r\n?/g, '\n');
    for (let boundary = text.indexOf('\n\n'); boundary >= 0; boundary = text.indexOf('\n\n')) {
      const parsed = parseBlock(text.slice(0, boundary));
      text = text.slice(boundary + 2);
      if (parsed) onEvent(parsed);
    }
  }
}
