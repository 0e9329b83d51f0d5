import {
  call,
  createContest,
  createTestContext,
  createUser,
  DRIVERS,
  joinContest,
  tickAt,
  type TestContext,
  type TestUser,
  contestFields,
  testConfig,
} from './support/harness';

type State = 'upcoming' | 'active' | 'completed' | 'cancelled';
type Actor = 'creator' | 'participant' | 'stranger' | 'admin';
type Action = 'edit-contest' | 'cancel-contest' | 'join-contest' | 'change-picks' | 'leave-contest' | 'trading';

const STATES: State[] = ['upcoming', 'active', 'completed', 'cancelled'];
const ACTORS: Actor[] = ['creator', 'participant', 'stranger', 'admin'];
const ACTIONS: Action[] = [
  'edit-contest',
  'cancel-contest',
  'join-contest',
  'change-picks',
  'leave-contest',
  'trading',
];

/** What API.md and DESIGN §5 allow: 200, 403 (who) or 409 (when). Who is checked before when. */
function expected(action: Action, actor: Actor, state: State): number {
  const upcoming = state === 'upcoming';
  switch (action) {
    case 'edit-contest':
    case 'cancel-contest':
      if (actor === 'creator' || actor === 'admin') return upcoming ? 200 : 409;
      return 403;
    case 'join-contest':
      if (!upcoming) return 409;
      return actor === 'participant' ? 409 : 200; // already joined
    case 'change-picks':
    case 'leave-contest':
      if (actor !== 'participant') return 403;
      return upcoming ? 200 : 409;
    case 'trading':
      if (actor !== 'participant') return 403;
      return state === 'active' ? 200 : 409;
  }
}

describe.each(DRIVERS)('authorisation matrix (%s)', (driver) => {
  let ctx: TestContext;
  let users: Record<Actor, TestUser>;
  /** contests[state][action][actor] = a fresh contest id for that one cell. */
  const contests: Record<string, string> = {};
  const key = (state: State, action: Action, actor: Actor) => `${state}/${action}/${actor}`;

  beforeAll(async () => {
    // One creator makes a contest per cell (96): far beyond the everyday budget of upcoming contests per creator.
    const base = testConfig().contest;
    ctx = await createTestContext(driver, { contest: { ...base, maxUpcomingPerCreator: 200 } });
    const creator = await createUser(ctx);
    users = {
      creator,
      participant: await createUser(ctx),
      stranger: await createUser(ctx),
      admin: await createUser(ctx, { groups: ['admins'] }),
    };
    const t0 = ctx.clock.now().getTime();
    const timing: Record<State, { startsAt: number; endsAt: number }> = {
      upcoming: { startsAt: t0 + 10 * 3_600_000, endsAt: t0 + 12 * 3_600_000 },
      cancelled: { startsAt: t0 + 10 * 3_600_000, endsAt: t0 + 12 * 3_600_000 },
      active: { startsAt: t0 + 60_000, endsAt: t0 + 5 * 3_600_000 },
      completed: { startsAt: t0 + 60_000, endsAt: t0 + 60_000 + 120_000 },
    };
    for (const state of STATES) {
      for (const action of ACTIONS) {
        for (const actor of ACTORS) {
          const contest = await createContest(ctx, creator, {
            startsAt: new Date(timing[state].startsAt).toISOString(),
            endsAt: new Date(timing[state].endsAt).toISOString(),
          });
          await joinContest(ctx, users.participant, contest._id);
          if (state === 'cancelled') {
            const cancelled = await call(ctx, 'POST', '/contest/cancel-contest', {
              token: creator.token,
              body: { contestId: contest._id },
            });
            expect(cancelled.statusCode).toBe(200);
          }
          contests[key(state, action, actor)] = contest._id;
        }
      }
    }
    const report = await tickAt(ctx, t0 + 3_600_000);
    expect(report.started.length).toBe(2 * ACTIONS.length * ACTORS.length);
  });
  afterAll(() => ctx.close());

  const attempt = (action: Action, actor: Actor, contestId: string) => {
    const token = users[actor].token;
    switch (action) {
      case 'edit-contest': {
        const now = ctx.clock.now().getTime();
        const fields = contestFields(ctx, {
          startsAt: new Date(now + 11 * 3_600_000).toISOString(),
          endsAt: new Date(now + 13 * 3_600_000).toISOString(),
          name: 'Edited',
        });
        return call(ctx, 'POST', '/contest/edit-contest', { token, body: { contestId, ...fields } });
      }
      case 'cancel-contest':
      case 'leave-contest':
        return call(ctx, 'POST', `/contest/${action}`, { token, body: { contestId } });
      case 'join-contest':
        return call(ctx, 'POST', '/contest/join-contest', { token, body: { contestId, picks: ['SPY', 'QQQ'] } });
      case 'change-picks':
        return call(ctx, 'POST', '/contest/change-picks', { token, body: { contestId, picks: ['SPY', 'QQQ'] } });
      case 'trading':
        return call(ctx, 'POST', '/contest/trading', {
          token,
          body: { contestId, symbol: 'AAPL', side: 'sell', quantity: 1 },
        });
    }
  };

  test.each(ACTIONS)(
    '%s: creator, participant, stranger, admin × upcoming, live, completed, cancelled',
    async (action) => {
      const actual: string[] = [];
      const wanted: string[] = [];
      for (const state of STATES) {
        for (const actor of ACTORS) {
          const response = await attempt(action, actor, contests[key(state, action, actor)] as string);
          actual.push(`${state} ${actor} → ${response.statusCode}`);
          wanted.push(`${state} ${actor} → ${expected(action, actor, state)}`);
          expect(response.json()).toEqual(
            expect.objectContaining(
              response.statusCode === 200 ? {} : { errMessage: expect.any(String), errors: expect.any(Array) },
            ),
          );
        }
      }
      expect(actual).toEqual(wanted);
    },
  );
});
