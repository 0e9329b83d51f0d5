import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  call,
  createContest,
  createTestContext,
  createUser,
  joinContest,
  tickAt,
  type TestContext,
} from './support/harness';

// HTTP behaviour that does not depend on the database driver: PGlite only.
describe('protection, health, docs and events', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(() => ctx.close());

  test('/health reports the database and the market', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    // The simulator: always connected, no delay, open around the clock (API.md "Fourth release").
    expect(response.json()).toEqual({
      status: 'ok',
      db: 'ok',
      market: { asOf: expect.any(String), feed: 'simulated', connected: true, delayMinutes: 0, open: true },
    });
  });

  test('/health answers from a cached check, not a database round trip per probe; 503 while the database fails', async () => {
    const { HEALTH_CHECK_MS } = await import('../src/routes/health');
    const snapshot = jest.spyOn(ctx.app.deps.market, 'snapshot');
    try {
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_MS + 50));
      const probes = [];
      for (let i = 0; i < 50; i++) probes.push((await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode);
      expect(probes).toEqual(Array(50).fill(200));
      expect(snapshot.mock.calls.length).toBeLessThanOrEqual(1);

      snapshot.mockRejectedValue(new Error('connection refused'));
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_MS + 50));
      await ctx.app.inject({ method: 'GET', url: '/health' }); // starts a check, which fails
      await new Promise((resolve) => setTimeout(resolve, 20));
      const down = await ctx.app.inject({ method: 'GET', url: '/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ errMessage: expect.any(String), errors: [] });

      snapshot.mockRestore();
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_MS + 50));
      await ctx.app.inject({ method: 'GET', url: '/health' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      snapshot.mockRestore();
    }
  });

  test('/docs serves the OpenAPI document and a browsable page', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/contest/create-contest', '/contest/trading', '/contest-user/{id}', '/user/get-user']),
    );
    expect(
      document.paths['/contest/create-contest'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('isTeamCollaboration');
    const page = await ctx.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  test('a body over 64 KiB → 413 with the error body', async () => {
    const user = await createUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/contest/create-contest',
      headers: { authorization: user.token, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', description: 'y'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errMessage: expect.any(String), errors: [] });
  });

  test('unknown routes → 404 with the error body', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errMessage: expect.any(String), errors: [] });
  });

  test('security headers and CORS limited to the configured origins', async () => {
    const allowed = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/contest/trading',
      headers: {
        origin: 'http://localhost:3003',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3003');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
    const denied = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/contest/trading',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    const health = await ctx.app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['strict-transport-security']).toBeDefined();
    expect(health.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  test('errors never leak stack traces or SQL', async () => {
    const user = await createUser(ctx);
    const bodies = [
      await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: "' OR 1=1 --" } }),
      await call(ctx, 'GET', `/contest-user/${'x'.repeat(65)}`, { token: user.token }),
      await ctx.app.inject({
        method: 'POST',
        url: '/contest/join-contest',
        headers: { authorization: user.token, 'content-type': 'application/json' },
        payload: '{"contestId":',
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/contest/join-contest',
        headers: { authorization: user.token, 'content-type': 'text/plain' },
        payload: 'hello',
      }),
    ];
    expect(bodies.map((b) => b.statusCode)).toEqual([404, 404, 400, 400]);
    for (const b of bodies) {
      expect(b.json()).toEqual({ errMessage: expect.any(String), errors: expect.any(Array) });
      expect(b.body).not.toMatch(/\bat \S+:\d+|select |insert |node_modules/i);
    }
  });
});

describe('rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { rateLimit: { max: 5, windowMs: 60_000 } });
  });
  afterAll(() => ctx.close());

  test('per user: 429 with Retry-After once the budget is spent; another user is unaffected', async () => {
    const noisy = await createUser(ctx, { initialize: false });
    const codes: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await call(ctx, 'POST', '/user/get-user', { token: noisy.token, body: {} });
      codes.push(last.statusCode);
    }
    expect(codes.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(codes.at(-1)).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json()).toEqual({ errMessage: expect.stringMatching(/Too many requests/), errors: [] });
    const quiet = await createUser(ctx, { initialize: false });
    expect((await call(ctx, 'POST', '/user/get-user', { token: quiet.token, body: {} })).statusCode).toBe(200);
  });

  test('refused tokens count per address: 401 until the budget is spent, then 429; a valid token is still served', async () => {
    const from = (remoteAddress: string, authorization?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/user/get-user',
        remoteAddress,
        headers: authorization ? { authorization } : {},
        payload: {},
      });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await from('198.51.100.7', i % 2 ? 'Bearer forged.token.here' : undefined)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const refused = await from('198.51.100.7', 'Bearer forged.token.here');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ errMessage: expect.stringMatching(/Too many requests/), errors: [] });
    // Out of budget, the address still has a valid token served: it spends its own user's budget, not the address's
    // (behind a load balancer, other users share that address).
    const valid = await ctx.issuer.idToken(randomUUID());
    expect((await from('198.51.100.7', `Bearer ${valid}`)).statusCode).toBe(200);
    // Other addresses are unaffected, and a valid token never spends the refused-token budget.
    for (let i = 0; i < 4; i++) expect((await from('198.51.100.8', `Bearer ${valid}`)).statusCode).toBe(200);
    expect((await from('198.51.100.8')).statusCode).toBe(401);
  });

  test("the market's status has its own budget per address: pages that read it never spend the others'", async () => {
    const from = (remoteAddress: string, url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress });
    // The address spends its signed-out budget (5) on lookups...
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await from('198.51.100.20', '/market/status')).statusCode);
    for (let i = 0; i < 6; i++)
      codes.push((await from('198.51.100.20', `/contest/active/${randomUUID()}/events`)).statusCode);
    // ...and the status, read as often, took none of it.
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 401, 401, 401, 401, 401, 429]);
    // The status's own budget is ten times the general one, per address; then 429 with Retry-After.
    const more: number[] = [];
    for (let i = 0; i < 46; i++) more.push((await from('198.51.100.20', '/market/status')).statusCode);
    expect(more).toEqual([...Array<number>(44).fill(200), 429, 429]);
    const refused = await from('198.51.100.20', '/market/status');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own.
    expect((await from('198.51.100.21', '/market/status')).statusCode).toBe(200);
  });

  test('event stream lookups count against the budget: unknown contests are not a free way to probe', async () => {
    const prober = await createUser(ctx, { initialize: false });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await call(ctx, 'GET', `/contest/active/${randomUUID()}/events`, { token: prober.token });
      codes.push(response.statusCode);
    }
    // createUser spent one call of the budget (5): four lookups, then 429.
    expect(codes).toEqual([404, 404, 404, 404, 429, 429, 429, 429]);
  });
});

describe('Server-Sent Events', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  async function readEvents(response: Response, count: number) {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const events: { event: string; data: unknown }[] = [];
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      let boundary = text.indexOf('\n\n');
      while (boundary >= 0) {
        const block = text.slice(0, boundary);
        text = text.slice(boundary + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
        boundary = text.indexOf('\n\n');
      }
    }
    await reader.cancel();
    return events;
  }

  test('standings and prices on connect and after each tick; 401 without a token; 409 unless live', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, player, contest._id);
    const url = `${base}/contest/active/${contest._id}/events`;
    expect((await fetch(url)).status).toBe(401);
    const early = await fetch(url, { headers: { authorization: player.token } });
    expect(early.status).toBe(409);
    await tickAt(ctx, contest.startsAt);

    const response = await fetch(url, {
      headers: { authorization: `Bearer ${player.token}`, origin: 'http://localhost:3003' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3003');
    const reading = readEvents(response, 4);
    // Let the first push go out, then tick once more.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = new Date(contest.startsAt).getTime() + 5_000;
    await tickAt(ctx, next);
    const events = await reading;
    expect(events.map((e) => e.event)).toEqual(['standings', 'prices', 'standings', 'prices']);
    expect(events[0]?.data).toMatchObject({
      contestId: contest._id,
      standings: [expect.objectContaining({ userId: player.id, rank: 1 })],
      teams: [],
    });
    expect(events[2]?.data).toMatchObject({ asOf: new Date(next).toISOString() });
    const prices = events[3]?.data as { prices: { symbol: string; price: number }[]; asOf: string };
    expect(prices.prices.length).toBeGreaterThan(95);
    expect(prices.asOf).toBe(new Date(next).toISOString());
  });

  test('errors of the HTTP parser carry the API.md error body: 431 for a 20 KB header, 400 for a malformed request', async () => {
    const big = await fetch(`${base}/health`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(big.status).toBe(431);
    expect(await big.json()).toEqual({ errMessage: expect.stringMatching(/headers are too large/), errors: [] });
    const { port } = new URL(base);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ errMessage: 'Malformed request', errors: [] });
  });

  test('at most 5 open streams per user: the sixth gets 429, closing one frees a place', async () => {
    const owner = await createUser(ctx);
    const watcher = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, owner, contest._id);
    await tickAt(ctx, contest.startsAt);
    const url = `${base}/contest/active/${contest._id}/events`;
    const open = () => {
      const controller = new AbortController();
      return fetch(url, { headers: { authorization: watcher.token }, signal: controller.signal }).then((response) => ({
        response,
        controller,
      }));
    };
    const streams = await Promise.all([open(), open(), open(), open(), open()]);
    expect(streams.map((s) => s.response.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await fetch(url, { headers: { authorization: watcher.token } });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sixth.json()).toEqual({ errMessage: expect.stringMatching(/At most 5 live streams/), errors: [] });
    // Someone else is not affected by this user's streams.
    const others = await fetch(url, { headers: { authorization: owner.token } });
    expect(others.status).toBe(200);
    await others.body?.cancel();
    streams[0]?.controller.abort();
    let again = 429;
    for (let attempt = 0; attempt < 50 && again === 429; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await fetch(url, { headers: { authorization: watcher.token } });
      again = response.status;
      await response.body?.cancel();
    }
    expect(again).toBe(200);
    for (const s of streams) s.controller.abort();
  });

  test('a slow reader costs bounded memory: ticks it has no room for are skipped, and it gets the next one once it reads', async () => {
    const { MAX_BUFFERED_BYTES } = await import('../src/routes/events');
    const owner = await createUser(ctx);
    const reader = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, owner, contest._id);
    await tickAt(ctx, contest.startsAt);
    // The server side of a fresh connection (no keep-alive reuse): corked, it keeps what the stream writes in memory as
    // a reader that never reads would make it (the kernel's socket buffers would otherwise absorb megabytes first).
    const accepted = new Promise<net.Socket>((resolve) => ctx.app.server.once('connection', resolve));
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          `${base}/contest/active/${contest._id}/events`,
          { headers: { authorization: reader.token }, agent: false },
          resolve,
        )
        .on('error', reject),
    );
    expect(response.statusCode).toBe(200);
    response.pause();
    const socket = await accepted;
    socket.cork();
    const skippedBefore = ctx.app.deps.streams.ticksSkipped;
    const start = new Date(contest.startsAt).getTime();
    let frameBytes = 0;
    for (let i = 1; i <= 100; i++) {
      const before = socket.writableLength;
      await tickAt(ctx, start + i * 5_000);
      await new Promise((resolve) => setImmediate(resolve));
      frameBytes = Math.max(frameBytes, socket.writableLength - before);
    }
    expect(frameBytes).toBeGreaterThan(1000);
    expect(100 * frameBytes).toBeGreaterThan(1.5 * MAX_BUFFERED_BYTES);
    expect(socket.writableLength).toBeLessThanOrEqual(MAX_BUFFERED_BYTES + frameBytes);
    expect(ctx.app.deps.streams.ticksSkipped - skippedBefore).toBeGreaterThan(0);
    // Once it reads again, the next tick reaches it whole.
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.uncork();
    response.resume();
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await waitFor(() => socket.writableLength === 0);
    const latest = new Date(start + 101 * 5_000).toISOString();
    await tickAt(ctx, latest);
    await waitFor(() => new RegExp(`"asOf":"${latest}"[^\\n]*\\n\\nevent: prices\\ndata: [^\\n]*\\n\\n`).test(text));
    expect(text).toMatch(new RegExp(`event: standings\\ndata: [^\\n]*"asOf":"${latest}"`));
    response.destroy();
  });

  test('a heartbeat comment keeps an idle stream alive', async () => {
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, owner, contest._id);
    await tickAt(ctx, contest.startsAt);
    const previous = ctx.app.deps.streams.heartbeatMs;
    ctx.app.deps.streams.heartbeatMs = 50;
    try {
      const response = await fetch(`${base}/contest/active/${contest._id}/events`, {
        headers: { authorization: owner.token },
      });
      const body = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = '';
      for (let i = 0; i < 200 && (text.match(/: keep-alive\n\n/g) ?? []).length < 2; i++) {
        const { value, done } = await body.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      await body.cancel();
      expect((text.match(/: keep-alive\n\n/g) ?? []).length).toBeGreaterThanOrEqual(2);
    } finally {
      ctx.app.deps.streams.heartbeatMs = previous;
    }
  });

  test('open streams add no listener to the app emitter each (removing one of thousands scanned them all when they closed)', async () => {
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, owner, contest._id);
    await tickAt(ctx, contest.startsAt);
    const { events } = ctx.app.deps;
    const listeners = () => events.listenerCount('tick') + events.listenerCount('close');
    const idle = listeners();
    const controllers = Array.from({ length: 5 }, () => new AbortController());
    const responses = await Promise.all(
      controllers.map((controller) =>
        fetch(`${base}/contest/active/${contest._id}/events`, {
          headers: { authorization: owner.token },
          signal: controller.signal,
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(listeners()).toBe(idle);
    // Still told of ticks: each stream gets the next one.
    const readings = responses.map((response) => readEvents(response, 4));
    await tickAt(ctx, new Date(contest.startsAt).getTime() + 5_000);
    for (const events of await Promise.all(readings))
      expect(events.map((e) => e.event)).toEqual(['standings', 'prices', 'standings', 'prices']);
    for (const controller of controllers) controller.abort();
  });

  test('a tick costs the same with one stream or eight, and every stream gets the same bytes', async () => {
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, owner, contest._id);
    await tickAt(ctx, contest.startsAt);
    const url = `${base}/contest/active/${contest._id}/events`;
    const watch = async (count: number) => {
      const watchers = await Promise.all(Array.from({ length: count }, () => createUser(ctx)));
      const responses = await Promise.all(watchers.map((w) => fetch(url, { headers: { authorization: w.token } })));
      return responses.map((response) => readEvents(response, 4));
    };
    const snapshot = jest.spyOn(ctx.app.deps.market, 'snapshot');
    const tickWith = async (count: number, at: number) => {
      const readings = await watch(count);
      await new Promise((resolve) => setTimeout(resolve, 200));
      snapshot.mockClear();
      await tickAt(ctx, at);
      const events = await Promise.all(readings);
      return { calls: snapshot.mock.calls.length, ticked: events.map((list) => JSON.stringify(list.slice(2))) };
    };
    try {
      const start = new Date(contest.startsAt).getTime();
      const one = await tickWith(1, start + 5_000);
      const eight = await tickWith(8, start + 10_000);
      // Market snapshots stand for the per-stream work: before, each stream took one of its own on every tick.
      expect(eight.calls).toBe(one.calls);
      expect(new Set(eight.ticked).size).toBe(1);
    } finally {
      snapshot.mockRestore();
    }
  });
});

describe('request logs', () => {
  test('structured (JSON) and never carrying the token', async () => {
    const { buildApp } = await import('../src/app');
    const { openDatabase } = await import('../src/db/database');
    const { TestIssuer } = await import('./support/tokens');
    const { testConfig } = await import('./support/harness');
    const lines: string[] = [];
    const issuer = await TestIssuer.create();
    const database = await openDatabase({ url: null });
    const app = await buildApp({
      config: testConfig(),
      database,
      getKey: issuer.getKey,
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
    });
    try {
      const token = await issuer.idToken('log-sub');
      const response = await app.inject({
        method: 'POST',
        url: '/user/get-user',
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      const entries = lines.map((line) => JSON.parse(line));
      expect(entries.some((e) => e.req?.url === '/user/get-user')).toBe(true);
      expect(entries.some((e) => e.res?.statusCode === 200)).toBe(true);
      expect(lines.join('\n')).not.toContain(token.split('.')[2]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('graceful shutdown', () => {
  test('closing the app ends open event streams instead of hanging on them', async () => {
    const ctx = await createTestContext('pglite');
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, player, contest._id);
    await tickAt(ctx, contest.startsAt);
    const response = await fetch(`${base}/contest/active/${contest._id}/events`, {
      headers: { authorization: player.token },
    });
    expect(response.status).toBe(200);
    const body = response.text();
    await ctx.close();
    const text = await body;
    expect(text).toContain('event: standings');
    // Drained, not dropped: the last thing a stream gets asks the client to come back soon (to another instance).
    expect(text.endsWith('retry: 500\n\n')).toBe(true);
  });
});
