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
} from './support/harness';
import { ScriptedFeed } from './support/scripted-feed';

describe.each(DRIVERS)('margin calls (%s)', (driver) => {
  let ctx: TestContext;
  let base: string;
  const feed = new ScriptedFeed();
  beforeAll(async () => {
    ctx = await createTestContext(driver, {}, { priceFeed: feed });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  const tickWith = (prices: Record<string, number>) => {
    feed.set(prices);
    return tickAt(ctx, ctx.clock.now().getTime() + 1000);
  };
  const trade = async (player: TestUser, contestId: string, symbol: string, side: string, quantity: number) => {
    const response = await call(ctx, 'POST', '/contest/trading', {
      token: player.token,
      body: { contestId, symbol, side, quantity },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json().data;
  };
  const state = async (player: TestUser, contestId: string) =>
    (await call(ctx, 'GET', `/contest-user/${contestId}`, { token: player.token })).json().data;

  /** The first events a stream sends on connecting: the last tick's frame. */
  async function firstFrame(token: string, contestId: string): Promise<string> {
    const response = await fetch(`${base}/contest/active/${contestId}/events`, { headers: { authorization: token } });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (let i = 0; i < 1000 && !/event: prices\ndata: .*\n\n/.test(text); i++) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    return text;
  }

  test('on a rising price the clock covers the largest short at the tick’s price, records it, and tells the player', async () => {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const rival = await createUser(ctx);
    const contest = await createContest(ctx, owner, {
      rules: { shortSelling: true, commission: { perTrade: 1, perShare: 0 } },
    });
    await joinContest(ctx, player, contest._id, ['AAPL', 'MSFT']);
    await joinContest(ctx, rival, contest._id, ['AAPL', 'MSFT']);
    feed.set({ AAPL: 100, MSFT: 100, NVDA: 50, TSLA: 200 });
    await tickAt(ctx, contest.startsAt);
    // Cash $4,999 after selling MSFT; short 24 TSLA ($4,800) and 20 NVDA ($1,000): cash $10,797, shorts $5,800.
    await trade(player, contest._id, 'MSFT', 'sell', 50);
    await trade(player, contest._id, 'TSLA', 'short', 24);
    const shorted = await trade(player, contest._id, 'NVDA', 'short', 20);
    expect(shorted.portfolio).toMatchObject({ cash: 10_797, value: 9997, buyingPower: 2097 });

    // TSLA at $460: shorts $12,040, value $10,797 + $5,000 − $12,040 = $3,757 ≥ 30 % × $12,040 ($3,612): the rule holds.
    // At $470: shorts $12,280, value $3,517 < $3,684: the TSLA short is covered (the $1 commission leaves $3,516).
    const holding = await tickWith({ TSLA: 460 });
    expect(holding.marginCalls).toBe(0);
    expect((await state(player, contest._id)).portfolio.positions).toHaveLength(3);
    const called = await tickWith({ TSLA: 470 });
    expect(called.marginCalls).toBe(1);
    const after = await state(player, contest._id);
    expect(after.trades[0]).toMatchObject({
      symbol: 'TSLA',
      side: 'cover',
      quantity: 24,
      price: 470,
      amount: 11_280,
      commission: 1,
      reason: 'margin call',
      orderId: null,
      executedAt: ctx.clock.now().toISOString(),
    });
    // Largest first, and only until the rule holds again: the NVDA short stays.
    expect(after.portfolio).toMatchObject({ cash: 10_797 - 11_281, value: 3516 });
    expect(after.portfolio.positions.map((p: { symbol: string; quantity: number }) => [p.symbol, p.quantity])).toEqual([
      ['AAPL', 50],
      ['NVDA', -20],
    ]);
    // The board counts it this tick.
    const board = (await call(ctx, 'GET', `/contest/active/${contest._id}`, { token: player.token })).json();
    expect(board.standings.find((s: { userId: string }) => s.userId === player.id).value).toBe(3516);

    const mine = await firstFrame(player.token, contest._id);
    const event = /event: margin-call\ndata: (.*)\n\n/.exec(mine)?.[1];
    expect(JSON.parse(event as string)).toEqual({ contestId: contest._id, trades: [after.trades[0]] });
    expect(await firstFrame(rival.token, contest._id)).not.toContain('margin-call');

    // The next tick has no call of its own: nothing more is covered, nothing is sent again.
    expect((await tickWith({ TSLA: 480 })).marginCalls).toBe(0);
    expect(await firstFrame(player.token, contest._id)).not.toContain('margin-call');
  });
});
