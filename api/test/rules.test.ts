import * as fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  call,
  contestFields,
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

interface PositionJson {
  symbol: string;
  quantity: number;
  avgCost: number;
  value: number;
  pnl: number;
  reservedQuantity: number;
}
interface PortfolioJson {
  cash: number;
  reservedCash: number;
  buyingPower: number;
  value: number;
  positions: PositionJson[];
}

const RULES = {
  shortSelling: true,
  commission: { perTrade: 4.95, perShare: 0.01 },
  maxPositionPct: null,
};
const cents = (dollars: number) => Math.round(dollars * 100);

describe.each(DRIVERS)('contest rules (%s)', (driver) => {
  let ctx: TestContext;
  const feed = new ScriptedFeed();
  beforeAll(async () => {
    ctx = await createTestContext(driver, {}, { priceFeed: feed });
  });
  afterAll(() => ctx.close());
  afterEach(async () => {
    await ctx.app.deps.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE status = 'open'`);
  });

  async function tickWith(prices: Record<string, number> = {}) {
    feed.set(prices);
    return tickAt(ctx, ctx.clock.now().getTime() + 1000);
  }

  const trade = (player: TestUser, contestId: string, symbol: string, side: string, quantity: number) =>
    call(ctx, 'POST', '/contest/trading', { token: player.token, body: { contestId, symbol, side, quantity } });
  const place = (player: TestUser, body: Record<string, unknown>) =>
    call(ctx, 'POST', '/contest/orders', { token: player.token, body });
  const portfolio = async (player: TestUser, contestId: string): Promise<PortfolioJson> =>
    (await call(ctx, 'GET', `/contest-user/${contestId}`, { token: player.token })).json().data.portfolio;
  const orders = async (player: TestUser, contestId: string) =>
    (await call(ctx, 'GET', `/contest/${contestId}/orders`, { token: player.token })).json().orders as {
      _id: string;
      status: string;
      stopPrice: number | null;
      reason: string | null;
      fill: { price: number; commission: number } | null;
    }[];
  async function ok(response: Promise<{ statusCode: number; body: string; json(): unknown }>) {
    const done = await response;
    if (done.statusCode !== 200) throw new Error(`${done.statusCode} ${done.body}`);
    return done.json() as { data: { trade: { commission: number; amount: number }; portfolio: PortfolioJson } };
  }

  /**
   * A live $10,000 contest with these rules: the player picked AAPL and MSFT at $100 (50 shares each, no cash left; 25
   * each and $5,000 of cash under a 25 % cap), then sold the MSFT. TSLA is at $200 and NVDA at $50.
   */
  async function liveContest(rules: Record<string, unknown> | undefined) {
    const owner = await createUser(ctx);
    const player = await createUser(ctx);
    const contest = await createContest(ctx, owner, rules ? { rules } : {});
    await joinContest(ctx, player, contest._id, ['AAPL', 'MSFT']);
    feed.set({ AAPL: 100, MSFT: 100, NVDA: 50, TSLA: 200 });
    await tickAt(ctx, contest.startsAt);
    const msft = (await portfolio(player, contest._id)).positions.find((p) => p.symbol === 'MSFT');
    await ok(trade(player, contest._id, 'MSFT', 'sell', msft?.quantity ?? 0));
    return { contestId: contest._id, player, owner, endsAt: contest.endsAt };
  }

  describe('on create, edit and get', () => {
    test('rules are stored, shown publicly, and default to today’s game', async () => {
      const owner = await createUser(ctx);
      const plain = await createContest(ctx, owner);
      expect(plain.rules).toEqual({
        shortSelling: false,
        commission: { perTrade: 0, perShare: 0 },
        maxPositionPct: null,
      });
      const partial = await createContest(ctx, owner, { rules: { maxPositionPct: 25 } });
      expect(partial.rules).toEqual({
        shortSelling: false,
        commission: { perTrade: 0, perShare: 0 },
        maxPositionPct: 25,
      });
      const full = await createContest(ctx, owner, {
        rules: { ...RULES, commission: { perTrade: 4.95, perShare: 0.005 } },
      });
      const got = await call(ctx, 'POST', '/contest/get-contest', { body: { contestId: full._id } });
      expect(got.json().contest.rules).toEqual({
        shortSelling: true,
        commission: { perTrade: 4.95, perShare: 0.005 },
        maxPositionPct: null,
      });
    });

    test.each([
      ['a per-trade commission above $50', { commission: { perTrade: 50.01 } }, 'rules.commission.perTrade'],
      ['a negative per-trade commission', { commission: { perTrade: -1 } }, 'rules.commission.perTrade'],
      [
        'a per-trade commission in fractions of a cent',
        { commission: { perTrade: 1.005 } },
        'rules.commission.perTrade',
      ],
      ['a per-share commission above $1', { commission: { perShare: 1.01 } }, 'rules.commission.perShare'],
      ['a per-share commission finer than $0.0001', { commission: { perShare: 0.00001 } }, 'rules.commission.perShare'],
      ['a cap below 5%', { maxPositionPct: 4.99 }, 'rules.maxPositionPct'],
      ['a cap above 100%', { maxPositionPct: 100.01 }, 'rules.maxPositionPct'],
      ['short selling that is not a boolean', { shortSelling: 'yes' }, 'rules.shortSelling'],
      ['an unknown rule', { leverage: 2 }, 'rules'],
    ])('400 for %s', async (_label, rules, field) => {
      const owner = await createUser(ctx);
      const response = await call(ctx, 'POST', '/contest/create-contest', {
        token: owner.token,
        body: contestFields(ctx, { rules }),
      });
      expect(response.statusCode).toBe(400);
      expect(
        response
          .json()
          .errors.map((e: { field: string }) => e.field)
          .join(' '),
      ).toContain(field);
    });

    test('the bounds themselves are accepted', async () => {
      const owner = await createUser(ctx);
      const created = await createContest(ctx, owner, {
        rules: { shortSelling: true, commission: { perTrade: 50, perShare: 1 }, maxPositionPct: 5 },
      });
      expect(created.rules).toMatchObject({ commission: { perTrade: 50, perShare: 1 }, maxPositionPct: 5 });
      const top = await createContest(ctx, owner, { rules: { maxPositionPct: 100 } });
      expect(top.rules).toMatchObject({ maxPositionPct: 100 });
    });

    test('rules change while nobody has joined, not after (409); an edit without rules keeps them', async () => {
      const owner = await createUser(ctx);
      const player = await createUser(ctx);
      const contest = await createContest(ctx, owner, { rules: RULES });
      const edit = (body: Record<string, unknown>) =>
        call(ctx, 'POST', '/contest/edit-contest', {
          token: owner.token,
          body: {
            contestId: contest._id,
            ...contestFields(ctx, { startsAt: contest.startsAt, endsAt: contest.endsAt }),
            ...body,
          },
        });
      const changed = await edit({ rules: { maxPositionPct: 30 } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.rules).toEqual({
        shortSelling: false,
        commission: { perTrade: 0, perShare: 0 },
        maxPositionPct: 30,
      });
      const kept = await edit({ name: 'Renamed cup' });
      expect(kept.json().data.rules.maxPositionPct).toBe(30);
      await joinContest(ctx, player, contest._id);
      const locked = await edit({ rules: { maxPositionPct: 40 } });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().errors).toEqual([{ field: 'rules', message: 'Cannot change once someone has joined' }]);
      // The same rules, spelled again, are no change.
      expect((await edit({ rules: { maxPositionPct: 30 } })).statusCode).toBe(200);
      expect((await edit({ name: 'Renamed again' })).statusCode).toBe(200);
      const other = await createUser(ctx);
      const notCreator = await call(ctx, 'POST', '/contest/edit-contest', {
        token: other.token,
        body: { contestId: contest._id, ...contestFields(ctx), rules: RULES },
      });
      expect(notCreator.statusCode).toBe(403);
    });
  });

  describe('commissions', () => {
    test('a buy pays amount + commission, a sell receives amount − commission, to the cent', async () => {
      const { contestId, player } = await liveContest(RULES);
      // Selling 50 MSFT at $100: $5,000 − ($4.95 + 50 × $0.01).
      expect((await portfolio(player, contestId)).cash).toBe(4994.55);
      const bought = await ok(trade(player, contestId, 'NVDA', 'buy', 7));
      expect(bought.data.trade).toMatchObject({ amount: 350, commission: 5.02, reason: null });
      expect(bought.data.portfolio.cash).toBe(4639.53);
      expect(bought.data.portfolio.value).toBe(9989.53);
      const mine = (await call(ctx, 'GET', `/contest-user/${contestId}`, { token: player.token })).json().data;
      expect(mine.trades.map((t: { commission: number }) => t.commission)).toEqual([5.02, 5.45]);
    });

    test('a commission is rounded up to the cent: $0.004 a share costs $0.01 on one share, on every kind of trade', async () => {
      const { contestId, player } = await liveContest({ commission: { perTrade: 0, perShare: 0.004 } });
      // The 50 MSFT sold at $100 paid 50 × $0.004 = $0.20 exactly.
      expect((await portfolio(player, contestId)).cash).toBe(4999.8);
      const one = await ok(trade(player, contestId, 'NVDA', 'buy', 1));
      expect(one.data.trade).toMatchObject({ amount: 50, commission: 0.01 });
      expect(one.data.portfolio.cash).toBe(4949.79);
      const sold = await ok(trade(player, contestId, 'AAPL', 'sell', 1));
      expect(sold.data.trade).toMatchObject({ amount: 100, commission: 0.01 });
      // 51 × $0.004 = $0.204: $0.21, not $0.20.
      const more = await ok(trade(player, contestId, 'NVDA', 'buy', 51));
      expect(more.data.trade.commission).toBe(0.21);
      expect(more.data.portfolio.cash).toBe(cents(5049.78 - 2550 - 0.21) / 100);
      const placed = await place(player, {
        contestId,
        symbol: 'NVDA',
        side: 'buy',
        quantity: 1,
        type: 'limit',
        limitPrice: 48,
      });
      expect(placed.statusCode).toBe(200);
      await tickWith({ NVDA: 47.5 });
      const filled = (await orders(player, contestId)).find((o) => o._id === placed.json().data.order._id);
      expect(filled).toMatchObject({ status: 'filled', fill: { price: 47.5, commission: 0.01 } });
      await tickWith({ NVDA: 50 });
    });

    test('cost + commission must fit the buying power: exactly at it passes, a cent above is refused', async () => {
      // $4,994.55 of cash; NVDA at $50: 99 shares cost $4,950 + $5.94 = $4,955.94, 100 would be $5,005.95.
      const { contestId, player } = await liveContest({ commission: { perTrade: 44.55, perShare: 0 } });
      // With a $44.55 fee the sale left $5,000 − $44.55 = $4,955.45; 98 NVDA cost $4,900 + $44.55 = $4,944.55.
      expect((await portfolio(player, contestId)).cash).toBe(4955.45);
      const over = await trade(player, contestId, 'NVDA', 'buy', 99);
      expect(over.statusCode).toBe(409);
      expect(over.json().errMessage).toBe(
        'Not enough buying power for this order: it needs $4,994.55 and $4,955.45 is free',
      );
      await ok(trade(player, contestId, 'AAPL', 'sell', 1)); // +$100 − $44.55: $5,010.90
      const exact = await ok(trade(player, contestId, 'NVDA', 'buy', 99)); // $4,950 + $44.55 = $4,994.55
      expect(exact.data.portfolio.cash).toBe(16.35);
      expect((await trade(player, contestId, 'NVDA', 'buy', 1)).statusCode).toBe(409);
    });

    test('a filled conditional order pays its commission, and its reservation covers it', async () => {
      const { contestId, player } = await liveContest(RULES);
      const placed = await place(player, {
        contestId,
        symbol: 'NVDA',
        side: 'buy',
        quantity: 10,
        type: 'limit',
        limitPrice: 48,
      });
      expect(placed.statusCode).toBe(200);
      await tickWith({ NVDA: 47.5 });
      const [order] = await orders(player, contestId);
      expect(order).toMatchObject({ status: 'filled', fill: { price: 47.5, commission: 5.05 } });
      expect((await portfolio(player, contestId)).cash).toBe(cents(4994.55 - 475 - 5.05) / 100);
      await tickWith({ NVDA: 50 });
    });
  });

  describe('the position cap', () => {
    test('a buy exactly at the cap passes; one share more is refused with how many fit', async () => {
      // Worth $10,000: 25% is $2,500, 50 NVDA at $50.
      const { contestId, player } = await liveContest({ maxPositionPct: 25 });
      const over = await trade(player, contestId, 'NVDA', 'buy', 51);
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({
        errMessage: 'At most 25% of your portfolio in one stock: at most 50 more shares fit',
        errors: [{ field: 'quantity', message: 'At most 25% of your portfolio in one stock' }],
        data: { maxQuantity: 50 },
      });
      await ok(trade(player, contestId, 'NVDA', 'buy', 50));
      const more = await trade(player, contestId, 'NVDA', 'buy', 1);
      expect(more.statusCode).toBe(409);
      expect(more.json().data).toEqual({ maxQuantity: 0 });
      // AAPL is at the cap already (it was picked, up to the cap): never added to.
      expect((await trade(player, contestId, 'AAPL', 'buy', 1)).statusCode).toBe(409);
      // Selling is never capped.
      await ok(trade(player, contestId, 'AAPL', 'sell', 10));
    });

    test('the cap counts the commission and applies to shorts and to conditional orders at their price', async () => {
      const { contestId, player } = await liveContest({ ...RULES, maxPositionPct: 25 });
      // Worth $10,000 − $5.20 = $9,994.80; after a short of n TSLA at $200 it is $9,994.80 − $4.95 − n × $0.01.
      // 12 shares: $2,400 ≤ 25% × $9,989.73. 13: $2,600 is more than $2,497.43.
      const over = await trade(player, contestId, 'TSLA', 'short', 13);
      expect(over.statusCode).toBe(409);
      expect(over.json().data).toEqual({ maxQuantity: 12 });
      await ok(trade(player, contestId, 'TSLA', 'short', 12));
      // A limit buy of NVDA at $40: 62 × $40 = $2,480 fits 25% of ~$9,979; 63 × $40 = $2,520 does not.
      const limitOver = await place(player, {
        contestId,
        symbol: 'NVDA',
        side: 'buy',
        quantity: 63,
        type: 'limit',
        limitPrice: 40,
      });
      expect(limitOver.statusCode).toBe(409);
      expect(limitOver.json().data).toEqual({ maxQuantity: 62 });
      expect(
        (await place(player, { contestId, symbol: 'NVDA', side: 'buy', quantity: 62, type: 'limit', limitPrice: 40 }))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('the position cap against a player walking past it', () => {
    /**
     * A live $100,000 contest with a 10 % cap: the player picked AAPL and MSFT at $100 (the cap holds each to $10,000:
     * 100 shares each, $80,000 of cash) and sold the given shares, so the portfolio is worth $100,000 and at most
     * $10,000 may be in one stock. BAC is at $40.20.
     */
    async function cappedContest(extra: Record<string, unknown>, sell: Record<string, number>) {
      const owner = await createUser(ctx);
      const player = await createUser(ctx);
      const contest = await createContest(ctx, owner, {
        startingCash: 100_000,
        rules: { maxPositionPct: 10, ...extra },
      });
      await joinContest(ctx, player, contest._id, ['AAPL', 'MSFT']);
      feed.set({ AAPL: 100, MSFT: 100, BAC: 40.2 });
      await tickAt(ctx, contest.startsAt);
      for (const [symbol, quantity] of Object.entries(sell))
        await ok(trade(player, contest._id, symbol, 'sell', quantity));
      return { contestId: contest._id, player };
    }
    const cap = 'At most 10% of your portfolio in one stock';

    test('a buy stop far below the price is refused; one that fits when placed is checked again at its fill price', async () => {
      const { contestId, player } = await cappedContest({}, { MSFT: 100 });
      // $90,000 of cash: enough to pay for 1,500 BAC at $40.20 ($60,300), which would be 60 % of the portfolio. A buy
      // stop at $0.01 was once checked at $0.01 and filled at $40.20; a stop below the price is now refused.
      const below = await place(player, {
        contestId,
        symbol: 'BAC',
        side: 'buy',
        quantity: 1500,
        type: 'stop',
        stopPrice: 0.01,
      });
      expect(below.statusCode).toBe(409);
      expect(below.json().errors).toEqual([
        {
          field: 'stopPrice',
          message: 'A buy stop triggers when the price rises to it: set it above the current price ($40.20)',
        },
      ]);
      // 240 BAC at its $40.30 stop is $9,672: it fits. The price gaps to $60 before it fills: 240 × $60 = $14,400,
      // over 10 % of the portfolio, so the fill is refused there.
      const placed = await place(player, {
        contestId,
        symbol: 'BAC',
        side: 'buy',
        quantity: 240,
        type: 'stop',
        stopPrice: 40.3,
      });
      expect(placed.statusCode).toBe(200);
      expect(placed.json().data.portfolio.reservedCash).toBe(9672);
      await tickWith({ BAC: 60 });
      const [order] = await orders(player, contestId);
      expect(order).toMatchObject({
        status: 'rejected',
        fill: null,
        reason: `${cap}: your stop order to buy 240 BAC at $60.00 was not filled`,
      });
      const after = await portfolio(player, contestId);
      expect(after).toMatchObject({ cash: 90_000, reservedCash: 0, value: 100_000 });
      expect(after.positions.map((p) => p.symbol)).toEqual(['AAPL']);
    });

    test('a short limit at $0.01 is checked at its fill price: rejected with a reason, its margin released', async () => {
      const { contestId, player } = await cappedContest({ shortSelling: true }, { MSFT: 100 });
      // A short limit fills at its limit or higher: at $0.01 it fills at the next price, 1,000 BAC short at $40.20
      // (40 % of the portfolio), although only $15 of it was checked when it was placed.
      const placed = await place(player, {
        contestId,
        symbol: 'BAC',
        side: 'short',
        quantity: 1000,
        type: 'limit',
        limitPrice: 0.01,
      });
      expect(placed.statusCode).toBe(200);
      expect(placed.json().data.portfolio.reservedCash).toBe(15);
      await tickWith({ BAC: 40.2 });
      const [order] = await orders(player, contestId);
      expect(order).toMatchObject({
        status: 'rejected',
        fill: null,
        reason: `${cap}: your limit order to short 1000 BAC at $40.20 was not filled`,
      });
      expect(await portfolio(player, contestId)).toMatchObject({
        cash: 90_000,
        reservedCash: 0,
        buyingPower: 90_000,
        value: 100_000,
      });
    });

    test('five buy limits each just under the cap: open orders count as filled, so the second is refused', async () => {
      const { contestId, player } = await cappedContest({}, { MSFT: 100 });
      // 248 BAC at $40.20 is $9,969.60, just under $10,000; twice that would be 20 %.
      const limit = () =>
        place(player, { contestId, symbol: 'BAC', side: 'buy', quantity: 248, type: 'limit', limitPrice: 40.2 });
      const first = await limit();
      expect(first.statusCode).toBe(200);
      for (let i = 0; i < 4; i += 1) {
        const refused = await limit();
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          errMessage: `${cap}: no more shares fit, counting the 248 BAC of your open orders`,
          errors: [{ field: 'quantity', message: cap }],
          data: { maxQuantity: 0 },
        });
      }
      // A market buy counts them too.
      expect((await trade(player, contestId, 'BAC', 'buy', 1)).statusCode).toBe(409);
      // Cancelled, the open order no longer counts.
      await call(ctx, 'POST', '/contest/orders/cancel', {
        token: player.token,
        body: { contestId, orderId: first.json().data.order._id },
      });
      expect((await limit()).statusCode).toBe(200);
      await tickWith({ BAC: 40.2 });
      const after = await portfolio(player, contestId);
      expect(after.positions.find((p) => p.symbol === 'BAC')).toMatchObject({ quantity: 248 });
      expect(after.reservedCash).toBe(0);
    });

    test('open shorts count as filled against a new short of their symbol, not against another symbol', async () => {
      const { contestId, player } = await cappedContest({ shortSelling: true }, { MSFT: 100 });
      // 220 BAC short at $45 ($9,900) waits for its price. A market short of 30 more at $40.20 counts them:
      // 250 × $40.20 = $10,050 is over $10,000; 28 fit (248 × $40.20 = $9,969.60).
      const waiting = await place(player, {
        contestId,
        symbol: 'BAC',
        side: 'short',
        quantity: 220,
        type: 'limit',
        limitPrice: 45,
      });
      expect(waiting.statusCode).toBe(200);
      const over = await trade(player, contestId, 'BAC', 'short', 30);
      expect(over.statusCode).toBe(409);
      expect(over.json().data).toEqual({ maxQuantity: 28 });
      await ok(trade(player, contestId, 'BAC', 'short', 28));
      // An order of another symbol is not held back by the BAC shorts.
      const other = await place(player, {
        contestId,
        symbol: 'NVDA',
        side: 'buy',
        quantity: 1,
        type: 'limit',
        limitPrice: 1,
      });
      expect(other.statusCode).toBe(200);
    });

    test('orders that fit when placed fill at one tick while the portfolio at that tick has room, the rest are rejected', async () => {
      const { contestId, player } = await cappedContest({}, { MSFT: 100 });
      await tickWith({ BAC: 45 });
      // Five buy limits of 49 BAC at $40 ($1,960 each, $9,800 together): within 10 % of $100,000 as placed.
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await place(player, {
          contestId,
          symbol: 'BAC',
          side: 'buy',
          quantity: 49,
          type: 'limit',
          limitPrice: 40,
        });
        expect(response.statusCode).toBe(200);
        ids.push(response.json().data.order._id);
      }
      // AAPL falls to $20 as BAC comes down to $40: the portfolio is worth $92,000, so $9,200 of BAC fits, four
      // orders (196 shares, $7,840); the fifth would make it $9,800, and is rejected.
      const report = await tickWith({ AAPL: 20, BAC: 40 });
      expect(report.orders).toMatchObject({ filled: 4, rejected: 1 });
      const byId = new Map((await orders(player, contestId)).map((o) => [o._id, o]));
      expect(ids.map((id) => byId.get(id)?.status)).toEqual(['filled', 'filled', 'filled', 'filled', 'rejected']);
      expect(byId.get(ids[4] as string)?.reason).toBe(
        `${cap}: your limit order to buy 49 BAC at $40.00 was not filled`,
      );
      const after = await portfolio(player, contestId);
      expect(after.positions.find((p) => p.symbol === 'BAC')).toMatchObject({ quantity: 196, value: 7840 });
      expect(after).toMatchObject({ cash: 90_000 - 7840, reservedCash: 0, value: 92_000 });
      feed.set({ AAPL: 100 });
    });
  });

  describe('short selling', () => {
    test('short then cover with a commission: cash, buying power and value exact to the cent', async () => {
      const { contestId, player } = await liveContest(RULES);
      const shorted = await ok(trade(player, contestId, 'TSLA', 'short', 10));
      expect(shorted.data.trade).toMatchObject({ side: 'short', quantity: 10, amount: 2000, commission: 5.05 });
      const after = shorted.data.portfolio;
      expect(after.cash).toBe(6989.5);
      expect(after.buyingPower).toBe(3989.5);
      expect(after.value).toBe(9989.5);
      expect(after.positions.find((p) => p.symbol === 'TSLA')).toEqual({
        symbol: 'TSLA',
        quantity: -10,
        avgCost: 200,
        price: 200,
        value: -2000,
        pnl: 0,
        pnlPct: 0,
        reservedQuantity: 0,
      });
      await tickWith({ TSLA: 180 });
      const down = await portfolio(player, contestId);
      expect(down.buyingPower).toBe(4289.5);
      expect(down.positions.find((p) => p.symbol === 'TSLA')).toMatchObject({ value: -1800, pnl: 200, pnlPct: 0.1 });
      const covered = await ok(trade(player, contestId, 'TSLA', 'cover', 10));
      expect(covered.data.trade).toMatchObject({ side: 'cover', amount: 1800, commission: 5.05 });
      expect(covered.data.portfolio.cash).toBe(5184.45);
      expect(covered.data.portfolio.buyingPower).toBe(5184.45);
      expect(covered.data.portfolio.value).toBe(10_184.45);
      expect(covered.data.portfolio.positions.map((p) => p.symbol)).toEqual(['AAPL']);
      await tickWith({ TSLA: 200 });
    });

    test('short then cover without commission', async () => {
      const { contestId, player } = await liveContest({ shortSelling: true });
      const shorted = await ok(trade(player, contestId, 'TSLA', 'short', 10));
      expect(shorted.data.portfolio).toMatchObject({ cash: 7000, buyingPower: 4000, value: 10_000 });
      await tickWith({ TSLA: 230.01 });
      expect(await portfolio(player, contestId)).toMatchObject({ cash: 7000, buyingPower: 3549.85, value: 9699.9 });
      const covered = await ok(trade(player, contestId, 'TSLA', 'cover', 4));
      expect(covered.data.portfolio).toMatchObject({ cash: 6079.96, buyingPower: 6079.96 - 2070.09, value: 9699.9 });
      await tickWith({ TSLA: 200 });
    });

    test('a short needs amount ≤ buying power: exactly at it passes, one share more is refused', async () => {
      const { contestId, player } = await liveContest({ shortSelling: true });
      expect((await trade(player, contestId, 'TSLA', 'short', 26)).statusCode).toBe(409);
      const exact = await ok(trade(player, contestId, 'TSLA', 'short', 25));
      expect(exact.data.portfolio).toMatchObject({ cash: 10_000, buyingPower: 2500 });
    });

    test('no long and short in one symbol; short and cover only where the rules allow them', async () => {
      const { contestId, player } = await liveContest({ shortSelling: true });
      const shortLong = await trade(player, contestId, 'AAPL', 'short', 1);
      expect(shortLong.statusCode).toBe(409);
      expect(shortLong.json().errMessage).toBe('You hold AAPL: sell it instead of shorting');
      await ok(trade(player, contestId, 'TSLA', 'short', 5));
      expect((await trade(player, contestId, 'TSLA', 'buy', 1)).json().errMessage).toBe(
        'You are short TSLA: cover it instead of buying',
      );
      expect((await trade(player, contestId, 'TSLA', 'sell', 1)).statusCode).toBe(409);
      expect((await trade(player, contestId, 'TSLA', 'cover', 6)).statusCode).toBe(409);
      expect((await trade(player, contestId, 'AAPL', 'cover', 1)).json().errMessage).toBe(
        'You have no short position in AAPL to cover',
      );
      expect(
        (await place(player, { contestId, symbol: 'AAPL', side: 'short', quantity: 1, type: 'limit', limitPrice: 120 }))
          .statusCode,
      ).toBe(409);
      const plain = await liveContest(undefined);
      const refused = await trade(plain.player, plain.contestId, 'TSLA', 'short', 1);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        errMessage: 'Short selling is not allowed in this contest',
        errors: [{ field: 'side', message: 'Short selling is not allowed in this contest' }],
      });
      expect(
        (
          await place(plain.player, {
            contestId: plain.contestId,
            symbol: 'TSLA',
            side: 'short',
            quantity: 1,
            type: 'limit',
            limitPrice: 250,
          })
        ).statusCode,
      ).toBe(409);
    });

    test('open short orders reserve 150 %, covers their cash and shares; both are released on cancel', async () => {
      const { contestId, player } = await liveContest({ shortSelling: true });
      const short = await place(player, {
        contestId,
        symbol: 'TSLA',
        side: 'short',
        quantity: 10,
        type: 'limit',
        limitPrice: 210.01,
      });
      expect(short.json().data.portfolio).toMatchObject({ reservedCash: 3150.15, buyingPower: 5000 });
      // $1,849.85 is free: a market short of 10 TSLA ($2,000) no longer fits, 9 do.
      expect((await trade(player, contestId, 'TSLA', 'short', 10)).statusCode).toBe(409);
      await ok(trade(player, contestId, 'TSLA', 'short', 9));
      // Cash $6,800, short $1,800: buying power $4,100, of which $949.85 is free. A cover reserves as a buy does:
      // 5 at $220 ($1,100) do not fit, 4 ($880) do.
      const coverOf = (quantity: number) =>
        place(player, { contestId, symbol: 'TSLA', side: 'cover', quantity, type: 'stop', stopPrice: 220 });
      expect((await coverOf(5)).statusCode).toBe(409);
      expect((await coverOf(4)).statusCode).toBe(200);
      // The 4 short shares are held by the cover: 5 are free to cover, not 6.
      expect((await trade(player, contestId, 'TSLA', 'cover', 6)).statusCode).toBe(409);
      await ok(trade(player, contestId, 'TSLA', 'cover', 5));
      const cancel = await call(ctx, 'POST', '/contest/orders/cancel', {
        token: player.token,
        body: { contestId, orderId: short.json().data.order._id },
      });
      expect(cancel.json().data.portfolio.reservedCash).toBe(880);
    });

    test('50 parallel shorts never exceed buying power', async () => {
      // $5,000 of buying power; each short of 1 TSLA at $200 needs $200 and costs $100 of buying power: 49 fit.
      const { contestId, player } = await liveContest({ shortSelling: true });
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => trade(player, contestId, 'TSLA', 'short', 1)),
      );
      const codes = responses.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(49);
      expect(codes.filter((c) => c === 409)).toHaveLength(1);
      const after = await portfolio(player, contestId);
      expect(after).toMatchObject({ cash: 14_800, buyingPower: 100 });
      expect(after.positions.find((p) => p.symbol === 'TSLA')?.quantity).toBe(-49);
    });

    test('portfolio value = cash + Σ value, and buying power = cash − 1.5 × Σ |short|, after any sequence', async () => {
      const symbols = ['AAPL', 'NVDA', 'TSLA'] as const;
      const step = fc.oneof(
        fc.record({
          kind: fc.constant('trade' as const),
          symbol: fc.constantFrom(...symbols),
          side: fc.constantFrom('buy', 'sell', 'short', 'cover'),
          quantity: fc.integer({ min: 1, max: 40 }),
        }),
        fc.record({
          kind: fc.constant('tick' as const),
          prices: fc.tuple(fc.integer({ min: 1000, max: 30_000 }), fc.integer({ min: 1000, max: 30_000 })),
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
          const { contestId, player } = await liveContest({
            ...RULES,
            commission: { perTrade: 1.23, perShare: 0.0037 },
          });
          for (const s of steps) {
            if (s.kind === 'tick') await tickWith({ NVDA: s.prices[0] / 100, TSLA: s.prices[1] / 100 });
            else {
              const response = await trade(player, contestId, s.symbol, s.side, s.quantity);
              expect([200, 409]).toContain(response.statusCode);
            }
            const p = await portfolio(player, contestId);
            const held = p.positions.reduce((sum, position) => sum + cents(position.value), 0);
            expect(cents(p.value)).toBe(cents(p.cash) + held);
            const shorts = p.positions.reduce((sum, position) => sum + Math.max(0, -cents(position.value)), 0);
            expect(cents(p.buyingPower)).toBe(cents(p.cash) - Math.ceil(1.5 * shorts));
            // Buys and shorts are checked against buying power: after one, it is never negative.
            expect(p.positions.filter((position) => position.quantity < 0).every(() => p.buyingPower >= -1e9)).toBe(
              true,
            );
          }
          feed.set({ AAPL: 100, MSFT: 100, NVDA: 50, TSLA: 200 });
        }),
        { numRuns: 12, seed: 31 },
      );
    });
  });

  describe('trailing stops and good-until', () => {
    test('a sell trailing stop follows a rise, never falls, and fills as a market order on the retreat', async () => {
      const { contestId, player } = await liveContest(RULES);
      const placed = await place(player, {
        contestId,
        symbol: 'AAPL',
        side: 'sell',
        quantity: 20,
        type: 'trailing-stop',
        trailAmount: 5,
      });
      expect(placed.statusCode).toBe(200);
      expect(placed.json().data.order).toMatchObject({
        type: 'trailing-stop',
        stopPrice: 95,
        trailAmount: 5,
        trailPercent: null,
        limitPrice: null,
      });
      expect(placed.json().data.portfolio.positions[0]).toMatchObject({ symbol: 'AAPL', reservedQuantity: 20 });
      await tickWith({ AAPL: 110 });
      expect((await orders(player, contestId))[0]).toMatchObject({ status: 'open', stopPrice: 105 });
      await tickWith({ AAPL: 108 });
      expect((await orders(player, contestId))[0]).toMatchObject({ status: 'open', stopPrice: 105 });
      await tickWith({ AAPL: 104.5 });
      const [filled] = await orders(player, contestId);
      expect(filled).toMatchObject({ status: 'filled', stopPrice: 105, fill: { price: 104.5, commission: 5.15 } });
      await tickWith({ AAPL: 100 });
    });

    test('a cover trailing stop in percent follows a fall and triggers on the rise', async () => {
      const { contestId, player } = await liveContest({ shortSelling: true });
      await ok(trade(player, contestId, 'NVDA', 'short', 10));
      const placed = await place(player, {
        contestId,
        symbol: 'NVDA',
        side: 'cover',
        quantity: 10,
        type: 'trailing-stop',
        trailPercent: 10,
      });
      expect(placed.json().data.order).toMatchObject({ stopPrice: 55, trailPercent: 10 });
      await tickWith({ NVDA: 40 });
      expect((await orders(player, contestId))[0]).toMatchObject({ status: 'open', stopPrice: 44 });
      await tickWith({ NVDA: 43.99 });
      expect((await orders(player, contestId))[0]).toMatchObject({ status: 'open', stopPrice: 44 });
      await tickWith({ NVDA: 44.2 });
      expect((await orders(player, contestId))[0]).toMatchObject({ status: 'filled', fill: { price: 44.2 } });
      expect((await portfolio(player, contestId)).positions.map((p) => p.symbol)).toEqual(['AAPL']);
      await tickWith({ NVDA: 50 });
    });

    test.each([
      ['no trail', {}],
      ['both trails', { trailAmount: 1, trailPercent: 1 }],
      ['a percent above 50', { trailPercent: 50.01 }],
      ['a zero amount', { trailAmount: 0 }],
      ['a stop price', { trailAmount: 1, stopPrice: 90 }],
    ])('400 for a trailing stop with %s', async (_label, extra) => {
      const { contestId, player } = await liveContest(undefined);
      const response = await place(player, {
        contestId,
        symbol: 'AAPL',
        side: 'sell',
        quantity: 1,
        type: 'trailing-stop',
        ...extra,
      });
      expect(response.statusCode).toBe(400);
    });

    test('an order past its good-until time expires at the next tick with a reason, releasing its reservation', async () => {
      const { contestId, player, endsAt } = await liveContest(undefined);
      const until = new Date(ctx.clock.now().getTime() + 1500).toISOString();
      const placed = await place(player, {
        contestId,
        symbol: 'NVDA',
        side: 'buy',
        quantity: 10,
        type: 'limit',
        limitPrice: 40,
        expiresAt: until,
      });
      expect(placed.json().data.order.expiresAt).toBe(until);
      expect(placed.json().data.portfolio.reservedCash).toBe(400);
      const later = await place(player, {
        contestId,
        symbol: 'NVDA',
        side: 'buy',
        quantity: 1,
        type: 'limit',
        limitPrice: 40,
        expiresAt: '2099-01-01T00:00:00Z',
      });
      expect(later.json().data.order.expiresAt).toBe(endsAt);
      const past = await place(player, {
        contestId,
        symbol: 'NVDA',
        side: 'buy',
        quantity: 1,
        type: 'limit',
        limitPrice: 40,
        expiresAt: '2020-01-01T00:00:00Z',
      });
      expect(past.statusCode).toBe(400);
      await tickWith({ NVDA: 45 });
      expect((await orders(player, contestId)).find((o) => o._id === placed.json().data.order._id)?.status).toBe(
        'open',
      );
      const report = await tickWith({ NVDA: 46 });
      expect(report.orders.expired).toBe(1);
      const expired = (await orders(player, contestId)).find((o) => o._id === placed.json().data.order._id);
      expect(expired).toMatchObject({ status: 'expired', fill: null });
      expect(expired?.reason).toBe('Its good-until time passed before it filled');
      expect((await portfolio(player, contestId)).reservedCash).toBe(40);
      await tickWith({ NVDA: 50 });
    });
  });
});
