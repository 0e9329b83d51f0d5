import {
  portfolioHistoryResponseSchema,
  tradeBodySchema,
  tradeResponseSchema,
  type TradeResponse,
} from '@bullpen/shared/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeySchema, requestHashOf, withIdempotency } from '../db/idempotency';
import { lockPosition, portfolioHistoryOf, portfolioOf, tradeView } from '../db/portfolios';
import { participants, positions, trades } from '../db/schema';
import { acceptsTrades, contestStatus } from '../domain/contest-status';
import { reservationsOf } from '../db/reservations';
import { formatDollars } from '../domain/orders';
import { executeOrder, sharesAfter } from '../domain/trade';
import { ApiError, conflict, forbidden, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { contestIdParams, requireActiveUser, requireContest, requireUser } from './guards';

export default async function tradingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/contest/trading',
    {
      schema: {
        tags: ['trading'],
        body: tradeBodySchema,
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() }),
        response: { 200: tradeResponseSchema },
      },
    },
    async (request) => {
      const user = requireActiveUser(request);
      const body = request.body;
      const key = request.headers['idempotency-key'];
      const requestHash = requestHashOf([body.contestId, body.symbol, body.side, body.quantity]);
      const now = deps.clock.now();

      return deps.db.transaction((tx) =>
        withIdempotency(tx, { userId: user.id, key, requestHash, now }, async (): Promise<TradeResponse> => {
          const { row: contest } = await requireContest(tx, body.contestId, null);
          // The participant row lock serialises every order of this player: cash and holdings are read after it.
          const [participant] = await tx
            .select()
            .from(participants)
            .where(and(eq(participants.contestId, contest.id), eq(participants.userId, user.id)))
            .for('update');
          if (!participant) throw forbidden('You have not joined this contest');
          if (!acceptsTrades(contest, now) || participant.cashCents === null) {
            throw conflict(`Trading is open only while the contest is live (it is ${contestStatus(contest)})`);
          }
          if (!deps.market.isKnown(body.symbol)) throw notFound(`Unknown symbol ${body.symbol}`);
          const priceCents = await deps.market.priceOf(tx, body.symbol);
          if (priceCents === null) throw notFound(`Unknown symbol ${body.symbol}`);
          const held = await lockPosition(tx, contest.id, user.id, body.symbol);
          // Cash and shares held back by open conditional orders cannot be spent here (API.md "Conditional orders").
          const reserved = await reservationsOf(tx, contest.id, user.id);
          const reservedShares = reserved.shares.get(body.symbol) ?? 0;
          const outcome = executeOrder(
            {
              cashCents: participant.cashCents - reserved.cashCents,
              quantity: (held?.quantity ?? 0) - reservedShares,
              costCents: held?.costCents ?? 0,
            },
            body.side,
            body.quantity,
            priceCents,
          );
          if (!outcome.ok) {
            if (outcome.reason === 'insufficient-cash') {
              throw conflict(
                reserved.cashCents > 0
                  ? `Not enough cash for this order: ${formatDollars(reserved.cashCents)} is held by your open orders`
                  : 'Not enough cash for this order',
                [{ field: 'quantity', message: 'Not enough cash' }],
              );
            }
            throw conflict(
              reservedShares > 0
                ? `You cannot sell more shares than you hold: ${reservedShares} ${body.symbol} are held by your open orders`
                : 'You cannot sell more shares than you hold',
              [{ field: 'quantity', message: 'Not enough shares' }],
            );
          }
          // The outcome was computed on what is free; the stored holding is the whole one.
          const after = {
            cashCents: participant.cashCents + (body.side === 'buy' ? -outcome.amountCents : outcome.amountCents),
            ...sharesAfter(held, body.side, body.quantity, outcome.amountCents),
          };
          await tx
            .update(participants)
            .set({ cashCents: after.cashCents })
            .where(and(eq(participants.contestId, contest.id), eq(participants.userId, user.id)));
          if (after.quantity === 0) {
            await tx
              .delete(positions)
              .where(
                and(
                  eq(positions.contestId, contest.id),
                  eq(positions.userId, user.id),
                  eq(positions.symbol, body.symbol),
                ),
              );
          } else {
            await tx
              .insert(positions)
              .values({
                contestId: contest.id,
                userId: user.id,
                symbol: body.symbol,
                quantity: after.quantity,
                costCents: after.costCents,
              })
              .onConflictDoUpdate({
                target: [positions.contestId, positions.userId, positions.symbol],
                set: { quantity: after.quantity, costCents: after.costCents },
              });
          }
          const [trade] = await tx
            .insert(trades)
            .values({
              id: newId(),
              contestId: contest.id,
              userId: user.id,
              symbol: body.symbol,
              side: body.side,
              quantity: body.quantity,
              priceCents,
              amountCents: outcome.amountCents,
              executedAt: now,
              orderId: null,
            })
            .returning();
          if (!trade) throw new ApiError(500, 'Trade was not recorded');
          const portfolio = await portfolioOf(
            tx,
            contest,
            { ...participant, cashCents: after.cashCents },
            deps.market.pricesOf,
          );
          return {
            data: {
              trade: tradeView(trade),
              portfolio: portfolio ?? { cash: 0, reservedCash: 0, positions: [], value: 0, returnPct: 0 },
            },
          };
        }),
      );
    },
  );

  app.get(
    '/contest/active/:id/portfolio-history',
    { schema: { tags: ['trading'], params: contestIdParams, response: { 200: portfolioHistoryResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { row, participant } = await requireContest(deps.db, request.params.id, user.id);
      if (!participant) throw forbidden('You have not joined this contest');
      const status = contestStatus(row);
      if (status !== 'active' && status !== 'completed')
        throw conflict(`The contest has no portfolio history yet (it is ${status})`);
      const points = await portfolioHistoryOf(deps.db, row.id, user.id, row.startsAt);
      // History keeps a bounded number of points (every duration/240); a live chart still ends on the value the
      // screen's headline shows, at the last tick's prices, rather than up to one interval behind it.
      const asOf = row.standingsAsOf;
      if (status === 'active' && asOf && (points.length === 0 || new Date(points.at(-1)?.t ?? 0) < asOf)) {
        const portfolio = await portfolioOf(deps.db, row, participant, deps.market.pricesOf);
        if (portfolio) points.push({ t: asOf.toISOString(), value: portfolio.value });
      }
      return { points };
    },
  );
}
