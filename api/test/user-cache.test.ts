import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/database';
import { USER_CACHE_TTL_MS, UserCache } from '../src/db/user-cache';
import { call, createTestContext, createUser, DRIVERS, type TestContext } from './support/harness';

describe.each(DRIVERS)('the user row cache (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(() => ctx.close());

  const longLived = (sub: string, claims: Record<string, unknown> = {}) =>
    ctx.issuer.idToken(sub, { exp: Math.floor(ctx.clock.now().getTime() / 1000) + 86_400, ...claims });
  const getUser = (token: string) => call(ctx, 'POST', '/user/get-user', { token, body: {} });
  const stored = async (sub: string) =>
    (
      await queryRows<{ role: string; phone_number: string | null; status: string }>(
        ctx.app.deps.db,
        sql`SELECT role, phone_number, status FROM users WHERE sub = ${sub}`,
      )
    )[0];

  test('two requests in a row read the user row from the database once', async () => {
    const token = await longLived(randomUUID());
    const select = jest.spyOn(ctx.app.deps.db, 'select');
    try {
      expect((await getUser(token)).statusCode).toBe(200);
      const first = select.mock.calls.length;
      expect(first).toBeGreaterThan(0);
      const lookups = ctx.app.deps.users.lookups;
      expect((await getUser(token)).statusCode).toBe(200);
      expect(select.mock.calls.length).toBe(first);
      expect(ctx.app.deps.users.lookups).toBe(lookups);
    } finally {
      select.mockRestore();
    }
  });

  test('a role granted or taken away in the pool applies on the very next request, and is written through', async () => {
    const sub = randomUUID();
    const plain = await longLived(sub);
    const admin = await longLived(sub, { 'cognito:groups': ['admins'] });
    expect((await getUser(plain)).json().user.role).toBe('user');
    expect((await getUser(admin)).json().user.role).toBe('admin');
    expect((await stored(sub))?.role).toBe('admin');
    expect((await getUser(plain)).json().user.role).toBe('user');
    expect((await stored(sub))?.role).toBe('user');
  });

  test('a changed phone number is written through on the next request, not served from the cache', async () => {
    const sub = randomUUID();
    expect((await getUser(await longLived(sub, { phone_number: '+15550000001' }))).statusCode).toBe(200);
    expect((await stored(sub))?.phone_number).toBe('+15550000001');
    expect((await getUser(await longLived(sub, { phone_number: '+15550000002' }))).statusCode).toBe(200);
    expect((await stored(sub))?.phone_number).toBe('+15550000002');
  });

  test("this instance's own writes drop the cached row: onboarding and a profile edit show at once", async () => {
    const user = await createUser(ctx, { initialize: false });
    expect((await getUser(user.token)).json().user.status).toBe('not-initialized');
    const sign = `C${randomUUID()
      .replace(/[^A-F0-9]/gi, '')
      .slice(0, 6)
      .toUpperCase()}`;
    await call(ctx, 'POST', '/user/initialize-user', {
      token: user.token,
      body: { callSign: sign, ticker: sign, displayName: 'Cached' },
    });
    expect((await getUser(user.token)).json().user).toMatchObject({ status: 'active', ticker: sign });
    const next = `D${sign.slice(1)}`;
    const edited = await call(ctx, 'POST', '/user-profile/edit-profile', {
      token: user.token,
      body: { callSign: next, ticker: next, displayName: 'Cached', bio: '' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await getUser(user.token)).json().user.ticker).toBe(next);
  });

  test('a change written elsewhere (an operator suspending the account) applies once the TTL has passed', async () => {
    let now = 0;
    const cache = new UserCache(ctx.app.deps.db, { monotonicNow: () => now });
    const user = await createUser(ctx);
    const identity = { sub: user.sub, phoneNumber: user.phone, role: 'user' as const };
    expect((await cache.forIdentity(identity, ctx.clock.now())).status).toBe('active');
    await ctx.app.deps.db.execute(sql`UPDATE users SET status = 'suspended' WHERE sub = ${user.sub}`);
    now += USER_CACHE_TTL_MS - 1;
    expect((await cache.forIdentity(identity, ctx.clock.now())).status).toBe('active');
    now += 2;
    expect((await cache.forIdentity(identity, ctx.clock.now())).status).toBe('suspended');
    expect(cache.lookups).toBe(2);
  });

  test('a read that started before a forget does not store the row it read', async () => {
    const cache = new UserCache(ctx.app.deps.db);
    const user = await createUser(ctx);
    const identity = { sub: user.sub, phoneNumber: user.phone, role: 'user' as const };
    const reading = cache.forIdentity(identity, ctx.clock.now());
    cache.forget(user.sub);
    await reading;
    await cache.forIdentity(identity, ctx.clock.now());
    expect(cache.lookups).toBe(2);
  });
});
