import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT, base64url } from 'jose';
import {
  call,
  contestFields,
  createContest,
  createTestContext,
  createUser,
  DRIVERS,
  type TestContext,
} from './support/harness';

describe.each(DRIVERS)('authentication (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(() => ctx.close());

  const expectUnauthorized = async (authorization: string | undefined, url = '/user/get-user') => {
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: authorization ? { authorization } : {},
      payload: {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errMessage: 'Unauthorized', errors: [] });
  };

  test('a valid ID token works raw and as Bearer', async () => {
    const token = await ctx.issuer.idToken(randomUUID());
    for (const authorization of [token, `Bearer ${token}`]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/user/get-user',
        headers: { authorization },
        payload: {},
      });
      expect(response.statusCode).toBe(200);
    }
  });

  test('missing header → 401', () => expectUnauthorized(undefined));
  test('garbage → 401', () => expectUnauthorized('Bearer not.a.jwt'));

  test('expired → 401', async () => {
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    await expectUnauthorized(await ctx.issuer.idToken(randomUUID(), { iat: now - 7200, exp: now - 60 }));
  });

  test('wrong issuer → 401', async () => {
    await expectUnauthorized(await ctx.issuer.idToken(randomUUID(), { iss: 'http://localhost:9229/us-east-1_Other' }));
  });

  test('wrong audience → 401', async () => {
    await expectUnauthorized(await ctx.issuer.idToken(randomUUID(), { aud: 'another-client' }));
  });

  test('access token instead of ID token → 401', async () => {
    await expectUnauthorized(
      await ctx.issuer.idToken(randomUUID(), {
        token_use: 'access',
        aud: undefined,
        client_id: 'bullpen-web-client',
        scope: 'aws.cognito.signin.user.admin',
      }),
    );
    await expectUnauthorized(await ctx.issuer.idToken(randomUUID(), { token_use: 'access' }));
  });

  test('signed by another key (same kid) → 401', async () => {
    const other = await generateKeyPair('RS256');
    await expectUnauthorized(await ctx.issuer.idToken(randomUUID(), {}, { key: other.privateKey }));
  });

  test('tampered payload → 401', async () => {
    const token = await ctx.issuer.idToken(randomUUID());
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload as string)));
    claims.sub = randomUUID();
    await expectUnauthorized(`${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`);
  });

  test('alg: none → 401', async () => {
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = base64url.encode(
      JSON.stringify({
        sub: randomUUID(),
        token_use: 'id',
        aud: 'bullpen-web-client',
        iss: 'http://localhost:9229/us-east-1_LocalPool',
        iat: now,
        exp: now + 3600,
      }),
    );
    await expectUnauthorized(`${header}.${payload}.`);
  });

  test('HS256 signed with the public key as secret → 401', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(ctx.issuer.jwk));
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const token = await new SignJWT({ token_use: 'id' })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
      .setSubject(randomUUID())
      .setIssuer('http://localhost:9229/us-east-1_LocalPool')
      .setAudience('bullpen-web-client')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(secret);
    await expectUnauthorized(token);
  });

  test('unknown kid → 401', async () => {
    await expectUnauthorized(await ctx.issuer.idToken(randomUUID(), {}, { kid: 'rotated-away' }));
  });

  test('every call but get-contest needs a token', async () => {
    const calls: [string, string][] = [
      ['POST', '/equity/get-equities'],
      ['POST', '/contest/create-contest'],
      ['POST', '/contest/edit-contest'],
      ['GET', '/contest/upcoming'],
      ['GET', '/contest/active'],
      ['GET', '/contest/active/x'],
      ['GET', '/contest/completed'],
      ['GET', '/contest/completed/x'],
      ['POST', '/contest/join-contest'],
      ['POST', '/contest/change-picks'],
      ['POST', '/contest/leave-contest'],
      ['POST', '/contest/cancel-contest'],
      ['POST', '/contest/trading'],
      ['GET', '/contest-user/x'],
      ['POST', '/user/get-user'],
      ['POST', '/user/initialize-user'],
      ['POST', '/user-profile/get-user-profile'],
      ['POST', '/user-profile/edit-profile'],
      ['GET', '/equity/AAPL/history'],
      ['GET', '/contest/active/x/portfolio-history'],
      ['GET', '/contest/active/x/events'],
    ];
    for (const [method, url] of calls) {
      const response = await ctx.app.inject({
        method: method as 'GET' | 'POST',
        url,
        payload: method === 'POST' ? { junk: 1 } : undefined,
      });
      expect([url, response.statusCode]).toEqual([url, 401]);
      expect(response.json().errMessage).toBe('Unauthorized');
    }
  });

  test('get-contest works with no token (and with a bad one), and shows no picks or portfolios', async () => {
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    const anonymous = await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: contest._id } });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().contest).toMatchObject({
      _id: contest._id,
      status: 'upcoming',
      createdBy: { _id: owner.id, ticker: owner.ticker },
    });
    expect(anonymous.json().contest.joined).toBeUndefined();
    expect(JSON.stringify(anonymous.json())).not.toMatch(/picks"|portfolio/);
    const badToken = await call(ctx, 'POST', '/contest/get-contest', {
      token: 'Bearer nope',
      body: { contestId: contest._id },
    });
    expect(badToken.statusCode).toBe(200);
    const signedIn = await call(ctx, 'POST', '/contest/get-contest', {
      token: owner.token,
      body: { contestId: contest._id },
    });
    expect(signedIn.json().contest.joined).toBe(false);
  });

  test('the first call of a new sub creates a not-initialized user, once', async () => {
    const sub = randomUUID();
    const token = await ctx.issuer.idToken(sub);
    const first = await call(ctx, 'POST', '/user/get-user', { token, body: {} });
    const second = await call(ctx, 'POST', '/user/get-user', { token });
    expect(first.json()).toEqual({
      user: { status: 'not-initialized', _id: expect.any(String), ticker: null, role: 'user' },
    });
    expect(second.json().user._id).toBe(first.json().user._id);
  });

  test('admins are the members of the user pool group "admins"', async () => {
    const admin = await createUser(ctx, { groups: ['traders', 'admins'] });
    const got = await call(ctx, 'POST', '/user/get-user', { token: admin.token, body: {} });
    expect(got.json().user.role).toBe('admin');
    const other = await createUser(ctx, { groups: ['traders'] });
    expect((await call(ctx, 'POST', '/user/get-user', { token: other.token, body: {} })).json().user.role).toBe('user');
  });

  test("a user who takes an admin's phone number is not an admin, and cannot cancel others' contests", async () => {
    // The attack: UpdateUserAttributes phone_number = the admin's, refresh, and the new ID token carries it
    // (unverified). Only the group claim counts.
    const admin = await createUser(ctx, { phone: '+15550000001', groups: ['admins'] });
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    const attacker = await createUser(ctx);
    const forged = await ctx.issuer.idToken(attacker.sub, { phone_number: admin.phone, phone_number_verified: false });
    const got = await call(ctx, 'POST', '/user/get-user', { token: forged, body: {} });
    expect(got.json().user.role).toBe('user');
    const cancel = await call(ctx, 'POST', '/contest/cancel-contest', {
      token: forged,
      body: { contestId: contest._id },
    });
    expect(cancel.statusCode).toBe(403);
  });

  test('a group claim that is not a list of names grants nothing', async () => {
    for (const claim of ['admins', { 0: 'admins' }, [['admins']], null]) {
      const token = await ctx.issuer.idToken(randomUUID(), { 'cognito:groups': claim });
      expect((await call(ctx, 'POST', '/user/get-user', { token, body: {} })).json().user.role).toBe('user');
    }
  });

  test('losing the group takes the role away at the next call', async () => {
    const sub = randomUUID();
    const asAdmin = await ctx.issuer.idToken(sub, { 'cognito:groups': ['admins'] });
    expect((await call(ctx, 'POST', '/user/get-user', { token: asAdmin, body: {} })).json().user.role).toBe('admin');
    const removed = await ctx.issuer.idToken(sub);
    expect((await call(ctx, 'POST', '/user/get-user', { token: removed, body: {} })).json().user.role).toBe('user');
  });

  test('a not-initialized user cannot create contests yet (403)', async () => {
    const newcomer = await createUser(ctx, { initialize: false });
    const response = await call(ctx, 'POST', '/contest/create-contest', {
      token: newcomer.token,
      body: contestFields(ctx),
    });
    expect(response.statusCode).toBe(403);
  });
});
