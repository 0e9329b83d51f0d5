import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** One Server-Sent Event: its name and its data as JSON. */
export const sseEvent = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Takes a reply over for a stream of Server-Sent Events and sends its head: the headers Fastify's hooks set already
 * (CORS, security) and the stream's own, unbuffered by proxies. The caller writes the events to what it returns.
 */
export function startEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) headers[name] = value as string;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  return raw;
}
