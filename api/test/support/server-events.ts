/**
 * Reads a Server-Sent Events body until it ends, handing each event's name and parsed JSON data to `onEvent`
 * (comments, such as the heartbeat, are skipped). A failed read or a malformed event rejects.
 */
export async function readServerEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: string, data: unknown) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true });
    for (let boundary = text.indexOf('\n\n'); boundary >= 0; boundary = text.indexOf('\n\n')) {
      const block = text.slice(0, boundary);
      text = text.slice(boundary + 2);
      const match = /^event: ([\w-]+)\ndata: (.+)$/m.exec(block);
      if (match) onEvent(match[1] as string, JSON.parse(match[2] as string));
    }
  }
}
