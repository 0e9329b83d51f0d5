import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chatPageQuery } from '../src/db/chat';
import { queryRows } from '../src/db/database';
import {
  call,
  contestFields,
  createContest,
  createTestContext,
  createTwoInstances,
  createUser,
  DRIVERS,
  joinContest,
  type TestContext,
  type TestUser,
  tickAt,
} from './support/harness';
import { readServerEvents } from './support/server-events';
import { until } from './support/until';

interface MessageJson {
  _id: string;
  channel: string;
  userId: string;
  ticker: string;
  text: string;
  createdAt: string;
  deletedAt: string | null;
}

const chatUrl = (contestId: string, query = '') => `/contest/${contestId}/chat${query ? `?${query}` : ''}`;

function post(ctx: { app: FastifyInstance }, user: { token: string }, contestId: string, body: unknown) {
  return call(ctx, 'POST', chatUrl(contestId), { token: user.token, body });
}

/**
 * A chat stream reader like the chat panel's: collects `message` and `deleted` events; `ready` once the stream is
 * registered on its instance.
 */
function listenChat(base: string, contestId: string, token: string, channel?: 'team') {
  const events: { event: string; data: Record<string, unknown> }[] = [];
  const controller = new AbortController();
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const done = (async () => {
    try {
      const response = await fetch(`${base}/contest/${contestId}/chat/events${channel ? `?channel=${channel}` : ''}`, {
        headers: { authorization: token },
        signal: controller.signal,
      });
      if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
      await readServerEvents(response.body as ReadableStream<Uint8Array>, (event, data) => {
        if (event === 'ready') markReady();
        else events.push({ event, data: data as Record<string, unknown> });
      });
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();
  return {
    events,
    ready,
    async stop() {
      controller.abort();
      await done;
    },
  };
}

describe.each(DRIVERS)('contest and team chat (%s)', (driver) => {
  let ctx: TestContext;
  let owner: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let outsider: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
    owner = await createUser(ctx);
    alice = await createUser(ctx);
    bob = await createUser(ctx);
    outsider = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  /** A fresh public contest with alice and bob joined, so each test's budgets and messages start empty. */
  async function contestWithPlayers(overrides: Record<string, unknown> = {}) {
    const contest = await createContest(ctx, owner, overrides);
    await joinContest(ctx, alice, contest._id);
    await joinContest(ctx, bob, contest._id);
    return contest;
  }

  /** Moves the clock a minute on, so the per-user budget of earlier tests does not count. */
  const nextMinute = () => ctx.clock.set(ctx.clock.now().getTime() + 61_000);

  test("players and the creator post; anyone signed in reads, newest first, with the writer's call sign", async () => {
    nextMinute();
    const contest = await contestWithPlayers();
    const first = await post(ctx, alice, contest._id, { text: '  Good luck all  ' });
    expect(first.statusCode).toBe(200);
    const message = first.json().data.message as MessageJson;
    expect(message).toMatchObject({
      channel: 'contest',
      userId: alice.id,
      ticker: alice.ticker,
      text: 'Good luck all',
    });
    expect(message.deletedAt).toBeNull();
    ctx.clock.set(ctx.clock.now().getTime() + 1000);
    expect((await post(ctx, owner, contest._id, { text: 'Welcome!' })).statusCode).toBe(200);

    const read = await call(ctx, 'GET', chatUrl(contest._id), { token: outsider.token });
    expect(read.statusCode).toBe(200);
    const page = read.json();
    expect(page.messages.map((m: MessageJson) => m.text)).toEqual(['Welcome!', 'Good luck all']);
    expect(page.next).toBeNull();
    expect(page.viewer).toMatchObject({ canPost: false, muted: false, canModerate: false });
    expect(page.viewer.reason).toMatch(/players and its creator/);

    const refused = await post(ctx, outsider, contest._id, { text: 'Let me in' });
    expect(refused.statusCode).toBe(403);
  });

  test('pages go back in time with the cursor, never repeating or skipping a message', async () => {
    nextMinute();
    const contest = await contestWithPlayers();
    // Ten from each, several in the same millisecond: the id breaks the tie.
    for (let i = 0; i < 10; i++) {
      await post(ctx, alice, contest._id, { text: `a${i}` });
      await post(ctx, bob, contest._id, { text: `b${i}` });
      if (i % 3 === 0) ctx.clock.set(ctx.clock.now().getTime() + 5);
    }
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const query: string = `limit=7${next ? `&before=${encodeURIComponent(next)}` : ''}`;
      const response = await call(ctx, 'GET', chatUrl(contest._id, query), { token: bob.token });
      expect(response.statusCode).toBe(200);
      seen.push(...response.json().messages.map((m: MessageJson) => m._id));
      next = response.json().next;
    } while (next);
    expect(seen).toHaveLength(20);
    expect(new Set(seen).size).toBe(20);

    const bad = await call(ctx, 'GET', chatUrl(contest._id, 'before=nonsense'), { token: bob.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'before', message: 'Not a cursor of this chat' }]);
    const badLimit = await call(ctx, 'GET', chatUrl(contest._id, 'limit=1000'), { token: bob.token });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().errors[0].field).toBe('limit');
  });

  test('text: 1 to 500 characters after trimming, plain text kept as written, unknown fields refused', async () => {
    nextMinute();
    const contest = await contestWithPlayers();
    for (const text of ['', '   \n  ', '\u200b']) {
      const response = await post(ctx, alice, contest._id, { text });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'text', message: 'Write a message first' }]);
    }
    const long = await post(ctx, alice, contest._id, { text: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toEqual({ field: 'text', message: 'Message: at most 500 characters' });
    expect((await post(ctx, alice, contest._id, { text: `  ${'x'.repeat(500)}  ` })).statusCode).toBe(200);
    const bidi = await post(ctx, alice, contest._id, { text: 'abc\u202edef' });
    expect(bidi.statusCode).toBe(400);
    expect(bidi.json().errors[0].field).toBe('text');
    const unknown = await post(ctx, alice, contest._id, { text: 'hi', html: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'html', message: 'Unknown field' }]);
    const badChannel = await post(ctx, alice, contest._id, { text: 'hi', channel: 'everyone' });
    expect(badChannel.statusCode).toBe(400);
    expect(badChannel.json().errors[0].field).toBe('channel');

    const html = '<img src=x onerror=alert(1)> <b>bold</b> & "quotes"\nsecond line';
    ctx.clock.set(ctx.clock.now().getTime() + 1000);
    const stored = await post(ctx, alice, contest._id, { text: html });
    expect(stored.json().data.message.text).toBe(html);
    const read = await call(ctx, 'GET', chatUrl(contest._id), { token: bob.token });
    expect(read.json().messages[0].text).toBe(html);
  });

  test('about ten messages a minute per player: the eleventh is 429 with Retry-After, a minute later it passes', async () => {
    nextMinute();
    const contest = await contestWithPlayers();
    for (let i = 0; i < 10; i++) {
      expect((await post(ctx, alice, contest._id, { text: `message ${i}` })).statusCode).toBe(200);
      ctx.clock.set(ctx.clock.now().getTime() + 1000);
    }
    const refused = await post(ctx, alice, contest._id, { text: 'one too many' });
    expect(refused.statusCode).toBe(429);
    // The first of the ten was 10 s ago: it leaves the window in 50 s.
    expect(refused.headers['retry-after']).toBe('50');
    expect(refused.json()).toEqual({ errMessage: expect.stringMatching(/10 messages a minute/), errors: [] });
    // Someone else's budget is their own.
    expect((await post(ctx, bob, contest._id, { text: 'still here' })).statusCode).toBe(200);
    ctx.clock.set(ctx.clock.now().getTime() + 50_000);
    expect((await post(ctx, alice, contest._id, { text: 'back again' })).statusCode).toBe(200);
  });

  test('a busy contest has a budget of its own', async () => {
    nextMinute();
    const contest = await createContest(ctx, owner, { maxParticipants: 20 });
    const players = [];
    for (let i = 0; i < 13; i++) {
      const player = await createUser(ctx);
      await joinContest(ctx, player, contest._id);
      players.push(player);
    }
    let refused = null;
    for (const player of players) {
      for (let i = 0; i < 10 && !refused; i++) {
        const response = await post(ctx, player, contest._id, { text: `hi ${i}` });
        if (response.statusCode === 429) refused = response;
        else expect(response.statusCode).toBe(200);
      }
    }
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers['retry-after']).toBe('60');
    expect(refused?.json().errMessage).toMatch(/busy/);
  });

  test('deleting: the author, the creator or an admin; the text is never returned again', async () => {
    nextMinute();
    const contest = await contestWithPlayers();
    const admin = await createUser(ctx, { groups: ['admins'] });
    const ids: string[] = [];
    for (const text of ['secret one', 'secret two', 'secret three']) {
      ids.push((await post(ctx, alice, contest._id, { text })).json().data.message._id);
    }
    const [one, two, three] = ids as [string, string, string];
    const del = (user: TestUser, messageId: string) =>
      call(ctx, 'POST', `/contest/${contest._id}/chat/delete`, { token: user.token, body: { messageId } });

    expect((await del(bob, one)).statusCode).toBe(403);
    const own = await del(alice, one);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.message).toMatchObject({ _id: one, text: '', deletedAt: expect.any(String) });
    expect((await del(owner, two)).statusCode).toBe(200);
    expect((await del(admin, three)).statusCode).toBe(200);
    const again = await del(alice, one);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.message.text).toBe('');
    expect((await del(alice, 'no-such-message')).statusCode).toBe(404);

    const read = await call(ctx, 'GET', chatUrl(contest._id), { token: outsider.token });
    expect(read.body).not.toMatch(/secret/);
    expect(read.json().messages.every((m: MessageJson) => m.text === '' && m.deletedAt)).toBe(true);
  });

  test('the creator mutes and unmutes a player; the muted player is told why and cannot post', async () => {
    nextMinute();
    const contest = await contestWithPlayers();
    const mute = (user: TestUser, userId: string, muted: boolean) =>
      call(ctx, 'POST', `/contest/${contest._id}/chat/mute`, { token: user.token, body: { userId, muted } });

    expect((await mute(alice, bob.id, true)).statusCode).toBe(403);
    expect((await mute(owner, outsider.id, true)).statusCode).toBe(404);
    const muted = await mute(owner, bob.id, true);
    expect(muted.statusCode).toBe(200);
    expect(muted.json()).toEqual({ data: { userId: bob.id, muted: true } });

    const refused = await post(ctx, bob, contest._id, { text: 'hello?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errMessage).toMatch(/muted/);
    const seen = (await call(ctx, 'GET', chatUrl(contest._id), { token: bob.token })).json().viewer;
    expect(seen).toMatchObject({ canPost: false, muted: true, reason: expect.stringMatching(/muted/) });
    // Only in this contest.
    const other = await contestWithPlayers();
    expect((await post(ctx, bob, other._id, { text: 'fine here' })).statusCode).toBe(200);

    expect((await mute(owner, bob.id, false)).statusCode).toBe(200);
    expect((await post(ctx, bob, contest._id, { text: 'back' })).statusCode).toBe(200);
  });

  test('a completed or cancelled contest keeps its chat, read-only', async () => {
    nextMinute();
    const contest = await contestWithPlayers();
    expect((await post(ctx, alice, contest._id, { text: 'before the start' })).statusCode).toBe(200);
    await tickAt(ctx, contest.startsAt);
    expect((await post(ctx, alice, contest._id, { text: 'live now' })).statusCode).toBe(200);
    await tickAt(ctx, new Date(Date.parse(contest.endsAt) + 1000));
    const refused = await post(ctx, alice, contest._id, { text: 'after the end' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errMessage).toMatch(/read-only/);
    const read = (await call(ctx, 'GET', chatUrl(contest._id), { token: alice.token })).json();
    expect(read.messages.map((m: MessageJson) => m.text)).toEqual(['live now', 'before the start']);
    expect(read.viewer).toMatchObject({ canPost: false, reason: 'The contest is over: its chat is read-only' });

    const cancelled = await contestWithPlayers();
    await call(ctx, 'POST', '/contest/cancel-contest', { token: owner.token, body: { contestId: cancelled._id } });
    expect((await post(ctx, owner, cancelled._id, { text: 'gone' })).statusCode).toBe(409);
  });

  test('a private contest: members post; whoever holds the link reads; nobody else posts', async () => {
    nextMinute();
    const contest = await contestWithPlayers({ visibility: 'private' });
    expect((await post(ctx, alice, contest._id, { text: 'members only' })).statusCode).toBe(200);
    const refused = await post(ctx, outsider, contest._id, { text: 'hi' });
    expect(refused.statusCode).toBe(403);
    // Reading follows the contest's detail: the id is the link (DESIGN §5).
    expect((await call(ctx, 'GET', chatUrl(contest._id), { token: outsider.token })).statusCode).toBe(200);
    expect((await call(ctx, 'GET', chatUrl('no-such-contest'), { token: outsider.token })).statusCode).toBe(404);
    expect((await call(ctx, 'GET', chatUrl(contest._id))).statusCode).toBe(401);
  });

  test("a team's channel: only its members read and write it; another team's never sees it", async () => {
    nextMinute();
    const contest = await createContest(ctx, owner, {
      affiliations: ['Bulls', 'Bears'],
      isTeamCollaboration: true,
    });
    await joinContest(ctx, alice, contest._id, ['AAPL', 'MSFT'], 'Bulls');
    await joinContest(ctx, bob, contest._id, ['AAPL', 'MSFT'], 'Bears');
    const plan = await post(ctx, alice, contest._id, { text: 'Bulls: buy the dip', channel: 'team' });
    expect(plan.statusCode).toBe(200);
    expect(plan.json().data.message.channel).toBe('team');
    expect((await post(ctx, bob, contest._id, { text: 'Bears plan', channel: 'team' })).statusCode).toBe(200);

    const bulls = (await call(ctx, 'GET', chatUrl(contest._id, 'channel=team'), { token: alice.token })).json();
    expect(bulls.messages.map((m: MessageJson) => m.text)).toEqual(['Bulls: buy the dip']);
    expect(bulls.viewer.team).toBe('Bulls');
    const bears = (await call(ctx, 'GET', chatUrl(contest._id, 'channel=team'), { token: bob.token })).json();
    expect(bears.messages.map((m: MessageJson) => m.text)).toEqual(['Bears plan']);
    // The contest's channel holds neither.
    const all = (await call(ctx, 'GET', chatUrl(contest._id), { token: bob.token })).json();
    expect(all.messages).toEqual([]);

    for (const user of [owner, outsider]) {
      expect((await call(ctx, 'GET', chatUrl(contest._id, 'channel=team'), { token: user.token })).statusCode).toBe(
        403,
      );
      expect((await post(ctx, user, contest._id, { text: 'spy', channel: 'team' })).statusCode).toBe(403);
    }
    // Bob cannot delete the Bulls' message.
    const del = await call(ctx, 'POST', `/contest/${contest._id}/chat/delete`, {
      token: bob.token,
      body: { messageId: plan.json().data.message._id },
    });
    expect(del.statusCode).toBe(403);

    const plain = await contestWithPlayers();
    const noTeams = await call(ctx, 'GET', chatUrl(plain._id, 'channel=team'), { token: alice.token });
    expect(noTeams.statusCode).toBe(400);
    expect(noTeams.json().errors).toEqual([{ field: 'channel', message: 'This contest has no teams' }]);
  });

  test('a message naming a reader of its channel (@CALLSIGN) notifies them; a team channel names only its team', async () => {
    nextMinute();
    const contest = await createContest(ctx, owner, {
      affiliations: ['Bulls', 'Bears'],
      isTeamCollaboration: true,
    });
    await joinContest(ctx, alice, contest._id, ['AAPL', 'MSFT'], 'Bulls');
    await joinContest(ctx, bob, contest._id, ['AAPL', 'MSFT'], 'Bears');
    const mentions = async (user: { token: string }) =>
      (await call(ctx, 'GET', '/notifications', { token: user.token }))
        .json()
        .notifications.filter((n: { kind: string }) => n.kind === 'mention');

    const open = await post(ctx, alice, contest._id, { text: `good luck @${bob.ticker} and @${owner.ticker}` });
    expect(open.statusCode).toBe(200);
    expect(await mentions(bob)).toEqual([
      expect.objectContaining({ title: `${alice.ticker} mentioned you in ${contest.name}`, body: expect.any(String) }),
    ]);
    expect(await mentions(owner)).toHaveLength(1);
    expect(await mentions(alice)).toEqual([]);

    // The Bulls' channel: Bob (a Bear) and the creator do not read it, so naming them tells them nothing.
    const secret = await post(ctx, alice, contest._id, { text: `@${bob.ticker} will never know`, channel: 'team' });
    expect(secret.statusCode).toBe(200);
    expect(await mentions(bob)).toHaveLength(1);
  });

  test("a page of a busy contest's chat is one scan of the channel index, newest first from the cursor", async () => {
    const contest = await contestWithPlayers();
    const other = await contestWithPlayers();
    // Many messages in two contests (written straight to the table: the budgets would refuse them through the API).
    for (const [id, count] of [
      [contest._id, 20_000],
      [other._id, 5_000],
    ] as const) {
      await ctx.database.db.execute(sql`
        INSERT INTO chat_messages (id, contest_id, team, user_id, text, created_at)
        SELECT ${id} || '-m' || n, ${id}, '', ${alice.id}, 'message ' || n,
               TIMESTAMPTZ '2030-01-01T00:00:00Z' + n * INTERVAL '1 second'
        FROM generate_series(1, ${count}) AS n`);
    }
    await ctx.database.db.execute(sql`ANALYZE chat_messages`);
    const cursor = { createdAt: new Date('2030-01-01T02:00:00Z'), id: `${contest._id}-m7200` };
    for (const before of [null, cursor]) {
      const query = chatPageQuery(ctx.database.db, contest._id, null, before, 50);
      const plan = (await queryRows<Record<string, string>>(ctx.database.db, sql`EXPLAIN ${query.getSQL()}`))
        .map((row) => Object.values(row)[0])
        .join('\n');
      expect(plan).toMatch(/Index Scan Backward using chat_messages_channel_idx/);
      expect(plan).not.toMatch(/Seq Scan on chat_messages|Sort/);
    }
    const page = await call(ctx, 'GET', chatUrl(contest._id, 'limit=3'), { token: bob.token });
    expect(page.json().messages.map((m: MessageJson) => m.text)).toEqual([
      'message 20000',
      'message 19999',
      'message 19998',
    ]);
  });

  test('readers get a new message and a deletion at once; a team message reaches its team only, a mute its player only', async () => {
    nextMinute();
    const contest = await createContest(ctx, owner, {
      affiliations: ['Bulls', 'Bears'],
      isTeamCollaboration: true,
    });
    await joinContest(ctx, alice, contest._id, ['AAPL', 'MSFT'], 'Bulls');
    await joinContest(ctx, bob, contest._id, ['AAPL', 'MSFT'], 'Bears');
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const readers = [
      listenChat(base, contest._id, alice.token, 'team'),
      listenChat(base, contest._id, bob.token, 'team'),
      listenChat(base, contest._id, outsider.token),
    ];
    try {
      await Promise.all(readers.map((r) => r.ready));
      const sent = (await post(ctx, owner, contest._id, { text: 'Hello everyone' })).json().data.message;
      await until('every reader has the message', () => readers.every((r) => r.events.length === 1));
      for (const reader of readers) expect(reader.events[0]).toEqual({ event: 'message', data: { message: sent } });

      await post(ctx, alice, contest._id, { text: 'Bulls only', channel: 'team' });
      await call(ctx, 'POST', `/contest/${contest._id}/chat/delete`, {
        token: owner.token,
        body: { messageId: sent._id },
      });
      await until('the deletion', () => readers.every((r) => r.events.some((e) => e.event === 'deleted')));
      const [aliceReader, bobReader, outsiderReader] = readers as [
        ReturnType<typeof listenChat>,
        ReturnType<typeof listenChat>,
        ReturnType<typeof listenChat>,
      ];
      expect(aliceReader.events.map((e) => e.event)).toEqual(['message', 'message', 'deleted']);
      expect(bobReader.events.map((e) => e.event)).toEqual(['message', 'deleted']);
      expect(outsiderReader.events.map((e) => e.event)).toEqual(['message', 'deleted']);
      expect(JSON.stringify(bobReader.events)).not.toMatch(/Bulls only/);
      expect(outsiderReader.events[1]?.data).toEqual({
        contestId: contest._id,
        channel: 'contest',
        messageId: sent._id,
        deletedAt: expect.any(String),
      });
      // A mute reaches the muted player's streams only: a message sent after it reaches everyone, and by then only
      // bob has heard of the mute.
      await call(ctx, 'POST', `/contest/${contest._id}/chat/mute`, {
        token: owner.token,
        body: { userId: bob.id, muted: true },
      });
      await post(ctx, owner, contest._id, { text: 'After the mute' });
      await until('the message after the mute', () =>
        readers.every((r) => r.events.some((e) => JSON.stringify(e.data).includes('After the mute'))),
      );
      expect(bobReader.events.map((e) => e.event)).toEqual(['message', 'deleted', 'viewer', 'message']);
      expect(bobReader.events[2]?.data).toEqual({ contestId: contest._id, muted: true });
      expect(aliceReader.events.map((e) => e.event)).toEqual(['message', 'message', 'deleted', 'message']);
      expect(outsiderReader.events.map((e) => e.event)).toEqual(['message', 'deleted', 'message']);
      // The outsider may not open the team's stream.
      const refused = await fetch(`${base}/contest/${contest._id}/chat/events?channel=team`, {
        headers: { authorization: outsider.token },
      });
      expect(refused.status).toBe(403);
    } finally {
      for (const reader of readers) await reader.stop();
    }
  });
});

const postgresOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

postgresOnly('chat across two API instances on one PostgreSQL', () => {
  test('a message posted on one instance reaches a reader on the other exactly once', async () => {
    const two = await createTwoInstances('2030-05-01T10:00:00.000Z');
    const { a, b, clock } = two;
    let reader: ReturnType<typeof listenChat> | null = null;
    try {
      const owner = { token: await two.onboard(a, 'chat-owner', 'CHOWN') };
      const player = { token: await two.onboard(b, 'chat-player', 'CHPLY') };
      const created = await call({ app: a }, 'POST', '/contest/create-contest', {
        token: owner.token,
        body: contestFields({ clock } as never),
      });
      const contestId = created.json().data._id as string;
      await call({ app: b }, 'POST', '/contest/join-contest', {
        token: player.token,
        body: { contestId, picks: ['AAPL', 'MSFT'] },
      });
      const baseB = await b.listen({ port: 0, host: '127.0.0.1' });
      reader = listenChat(baseB, contestId, player.token);
      await reader.ready;
      const sent = await post({ app: a }, owner, contestId, { text: 'From instance A' });
      expect(sent.statusCode).toBe(200);
      await until('the message on instance B', () => reader?.events.length === 1);
      // Nothing more arrives: each instance hears the notice once and only B has the reader.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(reader.events).toEqual([{ event: 'message', data: { message: sent.json().data.message } }]);
    } finally {
      await reader?.stop();
      await two.close();
    }
  });
});
