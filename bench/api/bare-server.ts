// The floor of bench/api: a bare Fastify route answering, from memory, the bytes the API answered for the same call.
// Usage: bare-server.ts <port> <file of JSON bodies, one per line: {"path": ..., "body": ...}>
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const bodies = new Map<string, string>();
for (const line of fs.readFileSync(file as string, 'utf8').split('\n')) {
  if (!line) continue;
  const { path, body } = JSON.parse(line) as { path: string; body: string };
  bodies.set(path, body);
}
const app = Fastify({ logger: false });
app.get('/*', async (request, reply) => {
  const body = bodies.get(request.url);
  if (body === undefined) return reply.status(404).send({ errMessage: 'not found', errors: [] });
  return reply.type('application/json; charset=utf-8').send(body);
});
app.listen({ port: Number(port), host: '127.0.0.1' }).then(() => console.log('ready'));
