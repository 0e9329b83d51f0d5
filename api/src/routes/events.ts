import { compactStandingRow, type PricesEvent } from '@bullpen/contract';
import { API_ROUTES } from '@bullpen/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventRow, type LiveBoard, ownRowOutsideTop } from '../live/boards';
import { marginCallsOfTick } from '../live/margin-calls';
import { roundRatio, toDollars } from '../domain/money';
import { conflict, notFound, tooManyRequests } from '../lib/errors';
import { contestIdParams, requireUser } from './guards';
import { sseEvent, startEventStream } from '../lib/event-stream';

/** Default for `deps.streams.heartbeatMs`: a comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** API.md: at most 5 open streams per user (429 for the sixth). */
const MAX_STREAMS_PER_USER = 5;
/** Unsent bytes a stream may hold before ticks are dropped for it: a slow reader costs bounded memory. */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * What every stream of one contest sends after one tick, serialized and encoded once whoever is watching: `head` +
 * `tail` is the bounded board (top rows) and the prices; a viewer whose own row is outside the top rows gets it spliced
 * in between. Bytes, not text: thousands of streams write the same buffers instead of each building and encoding its
 * own copy of the board (which cost a tick as much in garbage collection as in socket writes).
 */
interface Frame {
  /** The `standings` event of API.md, and its compact form for the clients that ask for it (`?rows=compact`). */
  full: Encoding;
  compact: Encoding;
  board: LiveBoard;
  /** The contest is no longer live: streams send `end` and close. */
  ended: boolean;
  /** `margin-call` events of this tick, for the players whose shorts the clock covered (only they receive theirs). */
  marginCalls: Map<string, Buffer>;
}

interface Encoding {
  head: Buffer;
  tail: Buffer;
  /** `head` + `tail`: what a viewer in the top rows (or not on the board) gets. */
  whole: Buffer;
  /** Whether the top rows are empty (no comma before the viewer's row). */
  emptyTop: boolean;
}

/** The frame's bytes for one viewer, in order: the shared bytes plus, when it is outside the top rows, the viewer's own row. */
function frameChunks(frame: Frame, userId: string, compact: boolean): Buffer[] {
  const own = ownRowOutsideTop(frame.board, userId);
  const called = frame.marginCalls.get(userId);
  const encoding = compact ? frame.compact : frame.full;
  const chunks = own
    ? [
        encoding.head,
        Buffer.from(
          `${encoding.emptyTop ? '' : ','}${JSON.stringify(compact ? compactStandingRow(own) : eventRow(own))}`,
        ),
        encoding.tail,
      ]
    : [encoding.whole];
  return called ? [called, ...chunks] : chunks;
}

/**
 * Server-Sent Events for the live and trading screens: `standings` and `prices` after every clock tick (every
 * instance relays ticks, so a stream works whichever instance it reaches). Authenticated by the Authorization
 * header like every call; clients read it with fetch streaming. A tick's frame is computed once per contest and
 * shared by all its streams, so a tick costs the same database work for one watcher or thousands.
 */
export default async function eventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  let frames = new Map<string, Promise<Frame | null>>();
  let prices: Promise<string> | null = null;
  // Open streams, told of each tick and of shutdown through these sets rather than one emitter listener each: removing
  // one of thousands of listeners scans them all, so thousands of streams closing at once cost quadratic time.
  const onTick = new Set<() => void>();
  const onClose = new Set<() => void>();
  deps.events.on('tick', () => {
    // Before any stream is told, so every stream of a tick reads that tick's frames.
    frames = new Map();
    prices = null;
    for (const push of onTick) push();
  });
  deps.events.on('close', () => {
    for (const drain of onClose) drain();
  });

  const pricesText = async (): Promise<string> => {
    const snapshot = await deps.market.snapshot();
    const list = [...snapshot.prices.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([symbol, cents]) => {
        const previous = snapshot.previousClose.get(symbol) ?? cents;
        return {
          symbol,
          price: toDollars(cents),
          changePct: roundRatio(previous > 0 ? (cents - previous) / previous : 0),
        };
      });
    const event: PricesEvent = { prices: list, asOf: (snapshot.asOf ?? deps.clock.now()).toISOString() };
    return sseEvent('prices', event);
  };

  const frameOf = (contestId: string): Promise<Frame | null> => {
    let frame = frames.get(contestId);
    if (!frame) {
      frame = buildFrame(contestId);
      // A failed computation is not kept: the next stream or tick tries again.
      frame.catch(() => {
        if (frames.get(contestId) === frame) frames.delete(contestId);
      });
      frames.set(contestId, frame);
    }
    return frame;
  };

  const pricesOfTick = (): Promise<string> => {
    if (!prices) {
      const pending = pricesText();
      pending.catch(() => {
        if (prices === pending) prices = null;
      });
      prices = pending;
    }
    return prices;
  };

  const buildFrame = async (contestId: string): Promise<Frame | null> => {
    const pricesPending = pricesOfTick();
    const board = await deps.boards.get(contestId);
    if (!board) return null;
    const { status } = board;
    let tailText = `],${board.tailJson}}\n\n${await pricesPending}`;
    if (status !== 'active') tailText += sseEvent('end', { contestId, status });
    const tail = Buffer.from(tailText);
    // The StandingsEvent of API.md, assembled from the board's parts: { contestId, standings, teams, total, asOf };
    // the compact one has `rows` where it has `standings`.
    const encoding = (rows: string, topJson: string): Encoding => {
      const head = Buffer.from(
        `event: standings\ndata: {"contestId":${JSON.stringify(contestId)},"${rows}":[${topJson}`,
      );
      return { head, tail, whole: Buffer.concat([head, tail]), emptyTop: topJson === '' };
    };
    const marginCalls = new Map<string, Buffer>();
    for (const [userId, covers] of await marginCallsOfTick(deps, board)) {
      marginCalls.set(userId, Buffer.from(sseEvent('margin-call', { contestId, trades: covers })));
    }
    return {
      marginCalls,
      full: encoding('standings', board.eventTopJson),
      compact: encoding('rows', board.compactTopJson),
      board,
      ended: status !== 'active',
    };
  };

  const openStreams = new Map<string, number>();

  app.get(
    API_ROUTES.contestEvents,
    // Opening a stream spends one call of the caller's budget like any request (a stream that stays open costs nothing
    // more), so looking up contests through it is throttled like every other lookup.
    {
      schema: {
        tags: ['trading'],
        params: contestIdParams,
        // `rows=compact`: standings events carry `rows` (`compactStandingsEventSchema`) instead of `standings`.
        querystring: z.object({ rows: z.enum(['compact']).optional() }),
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const compact = request.query.rows === 'compact';
      const board = await deps.boards.get(request.params.id);
      if (!board) throw notFound('Contest not found');
      const { status, row } = board;
      if (status !== 'active') throw conflict(`The contest is not live (it is ${status})`);
      const open = openStreams.get(user.id) ?? 0;
      if (open >= MAX_STREAMS_PER_USER) {
        throw tooManyRequests(
          reply,
          HEARTBEAT_MS,
          `At most ${MAX_STREAMS_PER_USER} live streams at once. Close one and try again.`,
        );
      }
      openStreams.set(user.id, open + 1);
      deps.streams.open += 1;

      const raw = startEventStream(reply);
      let closed = false;
      const push = async () => {
        try {
          const frame = await frameOf(row.id);
          if (closed) return;
          if (!frame) return finish();
          // A reader that has not taken the last ticks skips this one: the next tick carries the whole board again.
          if (raw.writableLength <= MAX_BUFFERED_BYTES) {
            // The parts go out in one system call, the shared ones without a copy.
            raw.cork();
            for (const chunk of frameChunks(frame, user.id, compact)) raw.write(chunk);
            raw.uncork();
          } else deps.streams.ticksSkipped += 1;
          if (frame.ended) finish();
        } catch (error) {
          request.log.warn({ err: error }, 'event stream push failed');
        }
      };
      const tick = () => void push();
      const heartbeat = setInterval(() => {
        if (!closed && raw.writableLength <= MAX_BUFFERED_BYTES) raw.write(': keep-alive\n\n');
      }, deps.streams.heartbeatMs);
      // The server is shutting down (SIGTERM): tell the client to come back soon (to another instance), then end.
      const drain = () => {
        if (!closed) raw.write('retry: 500\n\n');
        finish();
      };
      const finish = () => {
        if (closed) return;
        closed = true;
        deps.streams.open -= 1;
        clearInterval(heartbeat);
        onTick.delete(tick);
        onClose.delete(drain);
        const left = (openStreams.get(user.id) ?? 1) - 1;
        if (left > 0) openStreams.set(user.id, left);
        else openStreams.delete(user.id);
        raw.end();
      };
      onTick.add(tick);
      onClose.add(drain);
      raw.on('close', finish);
      raw.write('retry: 5000\n\n');
      await push();
    },
  );
}
