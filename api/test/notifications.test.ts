import { queryRows, sql } from '../src/db/database';
import { notifyContestStarted, notifyMentions } from '../src/db/notification-producers';
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
import { ScriptedFeed } from './support/scripted-feed';
import { until } from './support/until';

interface Listed {
  notifications: { _id: string; kind: string; title: string; body: string; href: string; readAt: string | null }[];
  unread: number;
  next: string | null;
}

/**
 * Reads a notification stream until `done` holds for what arrived (or 10 s pass), and `settleMs` longer (what a
 * duplicate would need to arrive); then closes it. `onOpen` runs once the stream has sent its first event.
 */
async function readStream(
  base: string,
  token: string,
  done: (text: string) => boolean,
  onOpen?: () => Promise<void>,
  settleMs = 0,
) {
  const response = await fetch(`${base}/notifications/events`, { headers: { authorization: token } });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let opened = false;
  let deadline = Date.now() + 10_000;
  let settling = false;
  while (Date.now() < deadline) {
    if (!settling && done(text)) {
      settling = true;
      deadline = Date.now() + settleMs;
      if (settleMs === 0) break;
    }
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()));
      }),
    ]);
    clearTimeout(timer);
    if (!result) break;
    const { value, done: ended } = result;
    if (ended) break;
    text += decoder.decode(value, { stream: true });
    if (!opened && text.includes('event: unread')) {
      opened = true;
      await onOpen?.();
    }
  }
  await reader.cancel();
  return text;
}

const eventsOf = (text: string, name: string) =>
  [...text.matchAll(new RegExp(`event: ${name}\\ndata: (.*)\\n\\n`, 'g'))].map((m) => JSON.parse(m[1] ?? 'null'));

describe.each(DRIVERS)('notifications (%s)', (driver) => {
  let ctx: TestContext;
  let base: string;
  const feed = new ScriptedFeed();
  beforeAll(async () => {
    ctx = await createTestContext(driver, {}, { priceFeed: feed });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  const list = async (user: TestUser, query = ''): Promise<Listed> => {
    const response = await call(ctx, 'GET', `/notifications${query}`, { token: user.token });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const later = (ms: number) => tickAt(ctx, ctx.clock.now().getTime() + ms);

  test('someone joining tells the creator, never anyone else; only the owner can read or mark their notifications', async () => {
    const owner = await createUser(ctx);
    const joiner = await createUser(ctx);
    const other = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, owner, contest._id);
    await joinContest(ctx, joiner, contest._id);

    const mine = await list(owner);
    expect(mine.unread).toBe(1);
    expect(mine.notifications).toEqual([
      expect.objectContaining({
        kind: 'contest-joined',
        title: `${joiner.ticker} joined Spring Cup`,
        body: '2 of 10 places taken.',
        href: `/contest-detail/${contest._id}`,
        readAt: null,
      }),
    ]);
    // The creator's own join says nothing; nobody else hears of it.
    expect((await list(joiner)).notifications).toEqual([]);
    expect((await list(other)).notifications).toEqual([]);

    // Another user naming the owner's notification marks nothing.
    const id = mine.notifications[0]?._id as string;
    const foreign = await call(ctx, 'POST', '/notifications/read', { token: other.token, body: { ids: [id] } });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ unread: 0 });
    expect((await list(owner)).unread).toBe(1);
    // "Read all" of another user marks nothing of the owner's either.
    await call(ctx, 'POST', '/notifications/read', { token: other.token, body: {} });
    expect((await list(owner)).unread).toBe(1);

    const read = await call(ctx, 'POST', '/notifications/read', { token: owner.token, body: { ids: [id] } });
    expect(read.json()).toEqual({ unread: 0 });
    expect((await list(owner)).notifications[0]?.readAt).toBe(ctx.clock.now().toISOString());
  });

  test('refuses bad input with 400 naming the field, and strangers with 401', async () => {
    const user = await createUser(ctx);
    const bad = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const response = await call(ctx, method, url, { token: user.token, body });
      expect(response.statusCode).toBe(400);
      return response.json().errors.map((e: { field: string }) => e.field);
    };
    expect(await bad('GET', '/notifications?limit=0')).toEqual(['limit']);
    expect(await bad('GET', '/notifications?limit=abc')).toEqual(['limit']);
    expect(await bad('GET', '/notifications?limit=101')).toEqual(['limit']);
    expect(await bad('GET', '/notifications?before=not-a-cursor')).toEqual(['before']);
    expect(await bad('GET', '/notifications?colour=red')).toEqual(['colour']);
    expect(await bad('POST', '/notifications/read', { ids: [42] })).toEqual(['ids.0']);
    expect(await bad('POST', '/notifications/read', { ids: 'all' })).toEqual(['ids']);
    expect(await bad('POST', '/notifications/read', { all: true })).toEqual(['all']);
    expect(
      await bad('POST', '/notifications/preferences', { preferences: { 'order-filled': { inApp: true, text: true } } }),
    ).toEqual(['preferences.order-filled.text']);
    expect(
      await bad('POST', '/notifications/preferences', {
        preferences: { 'no-such-kind': { inApp: true, text: false } },
      }),
    ).toEqual(['preferences.no-such-kind']);
    expect(
      await bad('POST', '/notifications/preferences', {
        preferences: { 'order-filled': { inApp: 'yes', text: false } },
      }),
    ).toEqual(['preferences.order-filled.inApp']);
    expect(await bad('POST', '/notifications/preferences', { timeZone: 'Mars/Olympus_Mons' })).toEqual(['timeZone']);
    for (const [method, url] of [
      ['GET', '/notifications'],
      ['POST', '/notifications/read'],
      ['GET', '/notifications/preferences'],
      ['GET', '/notifications/events'],
    ] as const) {
      expect((await call(ctx, method, url, method === 'POST' ? { body: {} } : {})).statusCode).toBe(401);
    }
  });

  test('pages newest first on (createdAt, id), and marks all read at once', async () => {
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    const joiners = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    for (const joiner of joiners) {
      ctx.clock.advance(1000);
      await joinContest(ctx, joiner, contest._id);
    }
    const first = await list(owner, '?limit=2');
    expect(first.unread).toBe(3);
    expect(first.notifications.map((n) => n.title)).toEqual([
      `${joiners[2]?.ticker} joined Spring Cup`,
      `${joiners[1]?.ticker} joined Spring Cup`,
    ]);
    expect(first.next).toEqual(expect.any(String));
    const second = await list(owner, `?limit=2&before=${first.next}`);
    expect(second.notifications.map((n) => n.title)).toEqual([`${joiners[0]?.ticker} joined Spring Cup`]);
    expect(second.next).toBeNull();
    const all = await call(ctx, 'POST', '/notifications/read', { token: owner.token, body: {} });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await list(owner)).notifications.every((n) => n.readAt !== null)).toBe(true);
  });

  test('a kind turned off is not written; preferences list every kind and keep the others', async () => {
    const owner = await createUser(ctx);
    const defaults = await call(ctx, 'GET', '/notifications/preferences', { token: owner.token });
    expect(defaults.json()).toMatchObject({
      timeZone: 'America/New_York',
      phoneNumber: true,
      preferences: { 'contest-joined': { inApp: true, text: false }, 'margin-call': { inApp: true, text: false } },
    });
    const saved = await call(ctx, 'POST', '/notifications/preferences', {
      token: owner.token,
      body: { preferences: { 'contest-joined': { inApp: false, text: false } } },
    });
    expect(saved.statusCode).toBe(200);
    const again = await call(ctx, 'POST', '/notifications/preferences', {
      token: owner.token,
      body: { timeZone: 'Europe/Paris', preferences: { 'contest-ended': { inApp: true, text: true } } },
    });
    expect(again.json()).toMatchObject({
      timeZone: 'Europe/Paris',
      preferences: {
        'contest-joined': { inApp: false, text: false },
        'contest-ended': { inApp: true, text: true },
        'order-filled': { inApp: true, text: false },
      },
    });
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, await createUser(ctx), contest._id);
    expect((await list(owner)).notifications).toEqual([]);
  });

  test('two saves at once both keep their kinds; a sixth stream of one user is refused with 429', async () => {
    const user = await createUser(ctx);
    const save = (kind: string) =>
      call(ctx, 'POST', '/notifications/preferences', {
        token: user.token,
        body: { preferences: { [kind]: { inApp: false, text: false } } },
      });
    const answers = await Promise.all([save('order-filled'), save('order-expired'), save('mention')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const saved = (await call(ctx, 'GET', '/notifications/preferences', { token: user.token })).json();
    for (const kind of ['order-filled', 'order-expired', 'mention']) {
      expect(saved.preferences[kind]).toEqual({ inApp: false, text: false });
    }
    expect(saved.preferences['order-rejected']).toEqual({ inApp: true, text: false });

    const open = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${base}/notifications/events`, { headers: { authorization: user.token } }),
      ),
    );
    expect(open.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await fetch(`${base}/notifications/events`, { headers: { authorization: user.token } });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toEqual(expect.any(String));
    await sixth.text();
    for (const response of open) await response.body?.cancel();
    // Closed streams free their places.
    await until('a stream place is free again', async () => {
      const again = await fetch(`${base}/notifications/events`, { headers: { authorization: user.token } });
      await again.body?.cancel();
      return again.status === 200;
    });
  });

  test('a contest tells its players it starts soon, has started and has ended (with their rank), once each', async () => {
    const owner = await createUser(ctx);
    const players = [await createUser(ctx), await createUser(ctx)];
    const contest = await createContest(ctx, owner, {
      startsAt: new Date(ctx.clock.now().getTime() + 15 * 60_000).toISOString(),
      endsAt: new Date(ctx.clock.now().getTime() + 75 * 60_000).toISOString(),
    });
    for (const player of players) await joinContest(ctx, player, contest._id);
    // Eleven minutes before: nothing yet.
    await later(4 * 60_000);
    expect((await list(players[0] as TestUser)).notifications).toEqual([]);
    // Within ten minutes of the start, and the same tick once more: one notification each.
    await later(2 * 60_000);
    const sameTime = ctx.clock.now();
    await tickAt(ctx, sameTime);
    await later(1000);
    for (const player of players) {
      const { notifications } = await list(player);
      expect(notifications).toEqual([
        expect.objectContaining({
          kind: 'contest-starting',
          title: 'Spring Cup starts soon',
          body: 'It starts in 9 minutes: your picks lock then.',
          href: `/contest-detail/${contest._id}`,
        }),
      ]);
    }
    expect((await list(owner)).notifications.filter((n) => n.kind === 'contest-starting')).toEqual([]);

    const started = await tickAt(ctx, contest.startsAt);
    expect(started.started).toContain(contest._id);
    expect(started.notifications.written).toBeGreaterThanOrEqual(2);
    expect((await list(players[0] as TestUser)).notifications[0]).toMatchObject({
      kind: 'contest-started',
      title: 'Spring Cup has started',
      href: `/live-contest/${contest._id}`,
    });

    const ended = await tickAt(ctx, contest.endsAt);
    expect(ended.completed).toContain(contest._id);
    await tickAt(ctx, contest.endsAt);
    for (const player of players) {
      const { notifications } = await list(player);
      const endings = notifications.filter((n) => n.kind === 'contest-ended');
      expect(endings).toHaveLength(1);
      expect(endings[0]).toMatchObject({
        title: 'Spring Cup has ended',
        body: expect.stringMatching(/^You finished #[12] of 2\.$/),
        href: `/contest-completed/${contest._id}`,
      });
      expect(notifications.filter((n) => n.kind === 'contest-started')).toHaveLength(1);
    }
  });

  test('a limit order that fills tells its player, linking to the trading screen; an expired one too', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, player, contest._id);
    feed.set({ AAPL: 200 });
    await tickAt(ctx, contest.startsAt);
    const placed = await call(ctx, 'POST', '/contest/orders', {
      token: player.token,
      body: { contestId: contest._id, symbol: 'AAPL', side: 'sell', quantity: 1, type: 'limit', limitPrice: 250 },
    });
    expect(placed.statusCode).toBe(200);
    const waiting = await call(ctx, 'POST', '/contest/orders', {
      token: player.token,
      body: { contestId: contest._id, symbol: 'MSFT', side: 'sell', quantity: 1, type: 'limit', limitPrice: 100_000 },
    });
    expect(waiting.statusCode).toBe(200);
    await later(1000);
    expect((await list(player)).notifications.filter((n) => n.kind.startsWith('order-'))).toEqual([]);
    feed.set({ AAPL: 260 });
    const filled = await later(1000);
    expect(filled.orders.filled).toBe(1);
    const [notification] = (await list(player)).notifications;
    expect(notification).toMatchObject({
      kind: 'order-filled',
      title: 'Order filled: sell 1 AAPL',
      body: 'Your limit order to sell 1 AAPL filled at $260.00 in Spring Cup.',
      href: `/trading/${contest._id}`,
    });
    // The contest ends: the waiting order expires with it, and says so.
    await tickAt(ctx, contest.endsAt);
    const kinds = (await list(player)).notifications.map((n) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(['order-expired', 'contest-ended', 'order-filled']));
    expect(kinds.filter((k) => k === 'order-expired')).toHaveLength(1);
  });

  test('a margin call tells the player whose short the clock covered, once', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner, {
      rules: { shortSelling: true, commission: { perTrade: 1, perShare: 0 } },
    });
    await joinContest(ctx, player, contest._id, ['AAPL', 'MSFT']);
    feed.set({ AAPL: 100, MSFT: 100, NVDA: 50, TSLA: 200 });
    await tickAt(ctx, contest.startsAt);
    const trade = async (symbol: string, side: string, quantity: number) => {
      const response = await call(ctx, 'POST', '/contest/trading', {
        token: player.token,
        body: { contestId: contest._id, symbol, side, quantity },
      });
      expect(response.statusCode).toBe(200);
    };
    // As in margin-calls.test.ts: at $470 the TSLA short is covered.
    await trade('MSFT', 'sell', 50);
    await trade('TSLA', 'short', 24);
    await trade('NVDA', 'short', 20);
    feed.set({ TSLA: 470 });
    expect((await later(1000)).marginCalls).toBe(1);
    feed.set({ TSLA: 480 });
    await later(1000);
    const calls = (await list(player)).notifications.filter((n) => n.kind === 'margin-call');
    expect(calls).toEqual([
      expect.objectContaining({
        title: 'Margin call in Spring Cup',
        body: 'Your value fell below 30% of your shorts: the clock covered 1 short at the market price.',
        href: `/trading/${contest._id}`,
      }),
    ]);
    feed.set({ TSLA: 200 });
    await tickAt(ctx, contest.endsAt);
  });

  test('players hear when they enter or leave a live contest’s top 3, once per change', async () => {
    const owner = await createUser(ctx);
    const players = [await createUser(ctx), await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const [p1, , , p4] = players as [TestUser, TestUser, TestUser, TestUser];
    const contest = await createContest(ctx, owner);
    for (const player of players.slice(0, 3)) await joinContest(ctx, player, contest._id, ['AAPL', 'MSFT']);
    await joinContest(ctx, p4, contest._id, ['GOOGL', 'MSFT']);
    const podiumNews = async (player: TestUser) =>
      (await list(player)).notifications.filter((n) => n.kind.startsWith('top-three-'));
    // At the start every portfolio is worth its starting cash: all four share the first place.
    await tickAt(ctx, contest.startsAt);
    for (const player of players) {
      expect(await podiumNews(player)).toEqual([
        expect.objectContaining({
          kind: 'top-three-entered',
          title: 'You are in the top 3 of Spring Cup',
          body: 'You are #1 of 4.',
          href: `/live-contest/${contest._id}`,
        }),
      ]);
    }
    feed.set({ GOOGL: 1 });
    await later(1000);
    await later(1000);
    expect((await podiumNews(p4)).map((n) => [n.kind, n.body])).toEqual([
      ['top-three-left', 'You are now #4 of 4.'],
      ['top-three-entered', 'You are #1 of 4.'],
    ]);
    expect(await podiumNews(p1)).toHaveLength(1);
    feed.set({ GOOGL: 100_000 });
    await later(1000);
    expect((await podiumNews(p4))[0]).toMatchObject({ kind: 'top-three-entered', body: 'You are #1 of 4.' });
    expect(await podiumNews(p1)).toHaveLength(1);
    await tickAt(ctx, contest.endsAt);
  });

  test('a mention in chat tells the players it names, not the author nor strangers, once per message', async () => {
    const owner = await createUser(ctx);
    const named = await createUser(ctx);
    const stranger = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, named, contest._id);
    const message = {
      contestId: contest._id,
      messageId: 'message-1',
      authorId: owner.id,
      text: `gg @${named.ticker.toLowerCase()} and @${stranger.ticker} and @${owner.ticker}, me@${named.ticker}`,
    };
    const now = ctx.clock.now();
    const first = await ctx.app.deps.db.transaction((tx) => notifyMentions(tx, message, now));
    const second = await ctx.app.deps.db.transaction((tx) => notifyMentions(tx, message, now));
    expect([first.notified, second.notified]).toEqual([1, 0]);
    expect((await list(named)).notifications[0]).toMatchObject({
      kind: 'mention',
      title: `${owner.ticker} mentioned you in Spring Cup`,
      // Upcoming: its chat is on the contest's detail.
      href: `/contest-detail/${contest._id}`,
    });
    expect((await list(stranger)).notifications).toEqual([]);
    expect((await list(owner)).notifications.filter((n) => n.kind === 'mention')).toEqual([]);
  });

  test('text messages: only opted-in kinds, at most 3 a day, none at night in the player’s zone; the local outbox lists them', async () => {
    const owner = await createUser(ctx);
    const day = await createUser(ctx);
    const night = await createUser(ctx);
    const kinds = { inApp: true, text: true };
    const optIn = { 'contest-starting': kinds, 'contest-started': kinds, 'contest-ended': kinds };
    await call(ctx, 'POST', '/notifications/preferences', { token: day.token, body: { preferences: optIn } });
    // The ticks below run from 16:00 UTC: 12:00 in New York, 01:00 in Tokyo (quiet hours).
    await call(ctx, 'POST', '/notifications/preferences', {
      token: night.token,
      body: { preferences: optIn, timeZone: 'Asia/Tokyo' },
    });
    // Noon in New York (daylight time), a fresh day for both.
    const noon = Date.UTC(2030, 5, 3, 16, 0, 0);
    const hourly = (hours: number) => new Date(noon + hours * 3_600_000).toISOString();
    ctx.clock.set(hourly(0));
    const contests = [];
    for (let i = 0; i < 2; i++) {
      const contest = await createContest(ctx, owner, {
        startsAt: hourly(0.1 + i * 0.3),
        endsAt: hourly(0.2 + i * 0.3),
      });
      await joinContest(ctx, day, contest._id);
      await joinContest(ctx, night, contest._id);
      contests.push(contest);
    }
    for (const contest of contests) {
      await tickAt(ctx, new Date(Date.parse(contest.startsAt) - 60_000));
      await tickAt(ctx, contest.startsAt);
      await tickAt(ctx, contest.endsAt);
    }
    await ctx.app.deps.notifier.flushTexts();
    const rows = await queryRows<{ user_id: string; kind: string; sent_at: Date | null }>(
      ctx.app.deps.db,
      sql`SELECT user_id, kind, sent_at FROM text_messages WHERE user_id IN (${day.id}, ${night.id}) ORDER BY created_at`,
    );
    // Six events for each; three texts for the day player (the cap), none for the night one; every one sent.
    expect(rows.map((r) => [r.user_id, r.kind])).toEqual([
      [day.id, 'contest-starting'],
      [day.id, 'contest-started'],
      [day.id, 'contest-ended'],
    ]);
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);
    // Every event is in the app, though.
    expect((await list(night)).notifications).toHaveLength(6);
    const outbox = await call(ctx, 'GET', '/dev/outbox');
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json().messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: day.phone,
          kind: 'contest-started',
          body: 'Bullpen: Spring Cup has started. Trading is open: your picks are now your portfolio.',
        }),
      ]),
    );
  });

  test('a contest of 10,000 players that starts writes 10,000 notifications in one statement, and never twice', async () => {
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner, { maxParticipants: 10_000 });
    const db = ctx.app.deps.db;
    const now = ctx.clock.now();
    // Players written straight into the tables (as bench/api does): joining 10,000 times through the API is not the point.
    await db.execute(sql`
      INSERT INTO users (id, sub, status, ticker, created_at, updated_at)
      SELECT 'crowd-' || n || '-' || ${contest._id}, 'crowd-sub-' || n || '-' || ${contest._id}, 'active', NULL, ${now}, ${now}
      FROM generate_series(1, 10000) AS n`);
    await db.execute(sql`
      INSERT INTO participants (contest_id, user_id, picks, joined_at)
      SELECT ${contest._id}, 'crowd-' || n || '-' || ${contest._id}, '["AAPL","MSFT"]'::jsonb, ${now}
      FROM generate_series(1, 10000) AS n`);
    await db.execute(sql`UPDATE contests SET participants_count = 10000 WHERE id = ${contest._id}`);

    const report = await tickAt(ctx, contest.startsAt);
    expect(report.started).toContain(contest._id);
    const [count] = await queryRows<{ n: string | number }>(
      db,
      sql`SELECT COUNT(*) AS n FROM notifications WHERE kind = 'contest-started' AND subject = ${contest._id}`,
    );
    expect(Number(count?.n)).toBe(10_000);
    // The start's notifications are one statement; the tick's other producers one each at most (here: starting soon).
    expect(report.notifications.written).toBe(10_000);
    expect(report.notifications.statements).toBeLessThanOrEqual(3);
    // Asked again (a tick that runs again), the same statement writes nothing.
    const again = await db.transaction((tx) => notifyContestStarted(tx, contest._id, ctx.clock.now()));
    expect(again).toMatchObject({ statements: 1, notified: 0, users: [] });
  }, 120_000);

  test('a live stream gets its unread count at once and each new notification as it is written', async () => {
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    const text = await readStream(
      base,
      owner.token,
      (received) => received.includes('event: notification'),
      async () => {
        await joinContest(ctx, await createUser(ctx), contest._id);
      },
    );
    expect(eventsOf(text, 'unread')[0]).toEqual({ unread: 0 });
    const [event] = eventsOf(text, 'notification');
    expect(event).toMatchObject({ unread: 1, notification: { kind: 'contest-joined' } });
  });

  test('notifications older than 30 days are pruned by the clock', async () => {
    const owner = await createUser(ctx);
    const contest = await createContest(ctx, owner);
    await joinContest(ctx, await createUser(ctx), contest._id);
    expect((await list(owner)).notifications).toHaveLength(1);
    await later(29 * 86_400_000);
    expect((await list(owner)).notifications).toHaveLength(1);
    await later(2 * 86_400_000);
    expect((await list(owner)).notifications).toHaveLength(0);
  });
});

const postgresOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

postgresOnly('notifications across two API instances on one PostgreSQL', () => {
  test('a notification written on one instance reaches the stream open on the other, once', async () => {
    const two = await createTwoInstances('2030-06-01T14:00:00.000Z');
    const { a, b, clock } = two;
    try {
      const baseB = await b.listen({ port: 0, host: '127.0.0.1' });
      const owner = await two.onboard(a, 'two-owner', 'TWOOWN');
      const joiner = await two.onboard(a, 'two-joiner', 'TWOJN');
      const created = await call({ app: a }, 'POST', '/contest/create-contest', {
        token: owner,
        body: contestFields({ clock } as never, { name: 'Two Cup', description: '' }),
      });
      const contestId = created.json().data._id as string;
      // The stream is on b; the join, and so the write and its notice, on a.
      const text = await readStream(
        baseB,
        owner,
        (received) => received.includes('event: notification'),
        async () => {
          const joined = await call({ app: a }, 'POST', '/contest/join-contest', {
            token: joiner,
            body: { contestId, picks: ['AAPL', 'MSFT'] },
          });
          expect(joined.statusCode).toBe(200);
        },
        // Long enough for a duplicate to arrive, if one were coming.
        500,
      );
      const notifications = eventsOf(text, 'notification');
      expect(notifications).toHaveLength(1);
      expect(notifications[0]).toMatchObject({
        notification: { kind: 'contest-joined', title: 'TWOJN joined Two Cup' },
      });
    } finally {
      await two.close();
    }
  });
});
