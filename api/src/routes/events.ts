import type { PricesEvent, StandingsEvent } from '@bullpen/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadContest, loadStandings } from '../db/contests';
import { contestStatus } from '../domain/contest-status';
import { roundRatio, toDollars } from '../domain/money';
import { conflict } from '../lib/errors';
import { contestIdParams, requireContest, requireUser } from './guards';

const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events for the live and trading screens: `standings` and `prices` after every clock tick (every
 * instance relays ticks, so a stream works whichever instance it reaches). Authenticated by the Authorization
 * header like every call; clients read it with fetch streaming.
 */
export default async function eventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const standingsEvent = async (contestId: string): Promise<StandingsEvent | null> => {
    const loaded = await loadContest(deps.db, contestId, null);
    if (!loaded) return null;
    const board = await loadStandings(deps.db, loaded.row);
    return { contestId, ...board, asOf: (loaded.row.standingsAsOf ?? loaded.row.startsAt).toISOString() };
  };

  const pricesEvent = async (): Promise<PricesEvent> => {
    const snapshot = await deps.market.snapshot();
    const prices = [...snapshot.prices.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([symbol, cents]) => {
        const previous = snapshot.previousClose.get(symbol) ?? cents;
        return { symbol, price: toDollars(cents), changePct: roundRatio(previous > 0 ? (cents - previous) / previous : 0) };
      });
    return { prices, asOf: (snapshot.asOf ?? deps.clock.now()).toISOString() };
  };

  app.get(
    '/contest/active/:id/events',
    { config: { rateLimit: false }, schema: { tags: ['trading'], params: contestIdParams, produces: ['text/event-stream'] } },
    async (request, reply) => {
      requireUser(request);
      const { row } = await requireContest(deps.db, request.params.id, null);
      const status = contestStatus(row);
      if (status !== 'active') throw conflict(`The contest is not live (it is ${status})`);

      reply.hijack();
      const raw = reply.raw;
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value as string;
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let closed = false;
      const send = (event: string, data: unknown) => {
        if (!closed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const push = async () => {
        try {
          const [standings, prices] = await Promise.all([standingsEvent(row.id), pricesEvent()]);
          if (standings) send('standings', standings);
          send('prices', prices);
          const current = await loadContest(deps.db, row.id, null);
          if (!current || contestStatus(current.row) !== 'active') {
            send('end', { contestId: row.id, status: current ? contestStatus(current.row) : 'unknown' });
            finish();
          }
        } catch (error) {
          request.log.warn({ err: error }, 'event stream push failed');
        }
      };
      const onTick = () => void push();
      const heartbeat = setInterval(() => !closed && raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const finish = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        deps.events.off('tick', onTick);
        deps.events.off('close', finish);
        raw.end();
      };
      deps.events.on('tick', onTick);
      deps.events.on('close', finish);
      raw.on('close', finish);
      raw.write('retry: 5000\n\n');
      await push();
    },
  );
}
