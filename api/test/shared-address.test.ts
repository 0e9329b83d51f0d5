import { randomUUID } from 'node:crypto';
import { createTestContext, createUser, type TestContext } from './support/harness';

// Behind a load balancer every user shares the balancer's address. Someone flooding it with forged tokens may be
// throttled, but a valid token is served within its own user's budget whatever else comes from that address; the
// caller's own address is read from X-Forwarded-For only when the operator names the proxies to trust (TRUST_PROXY).
describe('one address, many users', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { rateLimit: { max: 5, windowMs: 60_000 } });
  });
  afterAll(() => ctx.close());

  const getUser = (remoteAddress: string, authorization?: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/user/get-user',
      remoteAddress,
      headers: { ...(authorization ? { authorization } : {}), ...headers },
      payload: {},
    });

  test('a flood of forged tokens from the balancer is throttled; valid tokens from the same address are still served', async () => {
    const balancer = '10.0.0.2';
    const forged: number[] = [];
    for (let i = 0; i < 30; i++) forged.push((await getUser(balancer, 'x.y.z')).statusCode);
    expect(forged.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(forged.slice(5)).toEqual(Array(25).fill(429));

    // Two valid users behind the same balancer: each gets its own budget (5 a window), untouched by the flood.
    for (const sub of [randomUUID(), randomUUID()]) {
      const token = await ctx.issuer.idToken(sub);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await getUser(balancer, `Bearer ${token}`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200]);
    }
    // The flood is still throttled, and a forged token interleaved with valid ones never gets through.
    expect((await getUser(balancer, 'x.y.z')).statusCode).toBe(429);
    expect((await getUser(balancer)).statusCode).toBe(429);
  });

  test('a valid user who spends their own budget is throttled on their own, not the address', async () => {
    const balancer = '10.0.0.3';
    const noisy = await createUser(ctx, { initialize: false });
    const quiet = await ctx.issuer.idToken(randomUUID());
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await getUser(balancer, noisy.token)).statusCode);
    expect(codes.at(-1)).toBe(429);
    expect((await getUser(balancer, quiet)).statusCode).toBe(200);
  });

  test('without TRUST_PROXY, X-Forwarded-For is ignored: a forger cannot escape the throttle by inventing addresses', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await getUser('10.0.0.4', 'x.y.z', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });
});

describe('TRUST_PROXY names the balancer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { rateLimit: { max: 5, windowMs: 60_000 }, trustProxy: ['10.0.0.0/8'] });
  });
  afterAll(() => ctx.close());

  const viaBalancer = (client: string, authorization?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/contest/get-contest',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': client, ...(authorization ? { authorization } : {}) },
      payload: { contestId: 'none' },
    });

  test('each client behind it has its own budget: one address flooding does not throttle another', async () => {
    const flood: number[] = [];
    for (let i = 0; i < 7; i++) flood.push((await viaBalancer('198.51.100.1')).statusCode);
    // get-contest is public: anonymous calls spend their address's budget (5).
    expect(flood).toEqual([404, 404, 404, 404, 404, 429, 429]);
    expect((await viaBalancer('198.51.100.2')).statusCode).toBe(404);
  });

  test('an address the operator did not name cannot pick its own address', async () => {
    const direct = (client: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/user/get-user',
        remoteAddress: '192.0.2.50',
        headers: { 'x-forwarded-for': client, authorization: 'x.y.z' },
        payload: {},
      });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await direct(`203.0.113.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});
