import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import { openReleaseStore } from '@bullpen/release-store';
import { ChatHub } from './chat/hub';
import { CanaryWatch } from './clock/canary-watch';
import { ContestClock } from './clock/contest-clock';
import type { AppDeps } from './app-deps';
import type { AppConfig } from './config';
import { type Database, openDatabase } from './db/database';
import { healthSecret, marketSecret } from './db/server-secrets';
import { currentReleases } from './health/reporters';
import { UserCache } from './db/user-cache';
import { type Clock, systemClock } from './lib/clock';
import { type Scheduler, systemScheduler } from './lib/scheduler';
import { BoardStore } from './live/boards';
import { CorporateActionsJob } from './market/corporate-actions';
import { createPriceFeed } from './market/create-feed';
import { MarketService } from './market/market-service';
import { NyseCalendar, type UpcomingEntry } from './market/nyse-calendar';
import { isPriceFeed, ModelFeed, type PriceFeed, type PriceModel } from './market/price-feed';
import { SimulatedPriceFeed } from './market/simulator';
import { UNIVERSE } from './market/universe';
import { Notifier } from './notifications/notifier';
import { LocalOutbox, snsSender } from './notifications/text-sender';
import authentication from './plugins/authentication';
import errorHandler from './plugins/error-handler';
import openApi from './plugins/openapi';
import rateLimitPlugin from './plugins/rate-limit';
import security from './plugins/security';
import analyticsRoutes from './routes/analytics';
import chatRoutes from './routes/chat';
import contestRoutes from './routes/contest';
import contestUserRoutes from './routes/contest-user';
import equityRoutes from './routes/equity';
import eventsRoutes, { HEARTBEAT_MS } from './routes/events';
import healthRoutes from './routes/health';
import marketRoutes from './routes/market';
import notificationRoutes from './routes/notifications';
import orderRoutes from './routes/orders';
import resultsRoutes from './routes/results';
import telemetryRoutes from './routes/telemetry';
import tradingRoutes from './routes/trading';
import userRoutes from './routes/user';
import userProfileRoutes from './routes/user-profile';

export interface BuildAppOptions {
  config: AppConfig;
  /** An already-open database (tests share one per file); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  clock?: Clock;
  /** Key source for token verification; defaults to the remote JWKS of the config. */
  getKey?: JWTVerifyGetKey;
  /** Where prices come from instead of the configured feed (tests: a scripted model or a feed on a stand-in). */
  priceFeed?: PriceFeed | PriceModel;
  /** Timers of the price feed's retries and polls (tests: a ManualScheduler on the test clock). */
  scheduler?: Scheduler;
  /** Run the clock on a timer (the server); tests call `app.deps.contestClock.tick()` themselves. */
  startClock?: boolean;
  /** Structured request logs (pino); the Authorization header and cookies are always redacted. Off when absent. */
  logger?: { level: string; stream?: { write(line: string): void } };
}

const BODY_LIMIT = 64 * 1024;

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (oversized headers, malformed requests, timeouts):
 * answered with the API.md error body like every other failure, then the connection closes.
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Request headers are too large (16 KiB at most)']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : [400, 'Bad Request', 'Malformed request'];
  const body = JSON.stringify({ errMessage: message, errors: [] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The shipped NYSE calendar, with the provider's latest closures over it (rebuilt only when they change). */
function calendarOf(feed: PriceFeed): () => NyseCalendar {
  const shipped = new NyseCalendar();
  let cached = { closures: null as readonly UpcomingEntry[] | null, calendar: shipped };
  return () => {
    const closures = feed.closures?.() ?? null;
    if (closures !== cached.closures) {
      cached = { closures, calendar: closures && closures.length > 0 ? shipped.withUpcoming(closures) : shipped };
    }
    return cached.calendar;
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger
      ? {
          level: options.logger.level,
          ...(options.logger.stream ? { stream: options.logger.stream } : {}),
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["idempotency-key"]'],
            remove: true,
          },
        }
      : false,
    bodyLimit: BODY_LIMIT,
    clientErrorHandler,
    // A path that is not valid percent-encoded UTF-8 (%FF, %zz, an unpaired surrogate) is refused by the router
    // before any handler: answer it with the API.md body too.
    // Path ids of any length reach the lookup (404 for one that is not ours) instead of the router's own refusal.
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      reply.status(400).send({ errMessage: 'Malformed address', errors: [] });
    },
    // Fastify's own 503 while closing has a body outside API.md; the hook below answers it instead.
    return503OnClosing: false,
    // X-Forwarded-For names the caller only when the request comes from a proxy the operator named (TRUST_PROXY):
    // anyone else could write any address there and escape the per-address limits.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const ownsDatabase = !options.database;
  const source = options.priceFeed;
  const feed = source
    ? isPriceFeed(source)
      ? source
      : new ModelFeed(source)
    : await createPriceFeed(config.market, {
        clock,
        scheduler: options.scheduler ?? systemScheduler,
        log: app.log,
        simulator: async () =>
          new SimulatedPriceFeed(UNIVERSE, config.market.seed ?? (await marketSecret(database.db, clock.now()))),
      });
  const calendar = calendarOf(feed);
  const market = new MarketService(database.db, feed, UNIVERSE, clock, config.market.timeScale, {
    hours: config.market.hours,
    delayMinutes: config.market.delayMinutes,
    calendar,
  });
  await market.init();
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const corporateActions = new CorporateActionsJob({
    db: database.db,
    feed,
    clock,
    scheduler: options.scheduler ?? systemScheduler,
    pollMs: config.market.actionsPollMs,
    calendar,
    log: app.log,
  });
  const notifier = new Notifier({
    database,
    // The local outbox prints to the API's log, which `npm start` shows (as it shows the user pool's codes).
    sender:
      config.texts.sender === 'sns' ? snsSender(config.texts.snsRegion) : new LocalOutbox((line) => app.log.info(line)),
    clock,
    log: app.log,
  });
  const contestClock = new ContestClock({
    database,
    market,
    clock,
    events,
    tickMs: config.market.tickMs,
    log: app.log,
    notifier,
  });
  // Created before any route listens to 'tick', so a tick invalidates the boards before streams ask for them.
  const boards = new BoardStore(database.db, events);
  // Ticks run by another instance (PostgreSQL NOTIFY) reach this instance's boards and streams; this instance's own
  // ticks were emitted already by its clock.
  const stopListening = await database.listenTicks((notice) => {
    if (notice.origin !== database.instanceId) events.emit('tick', notice.asOf);
  });
  const users = new UserCache(database.db);
  const chat = new ChatHub(database);
  await chat.start();
  const releaseStore = openReleaseStore(config.releases.store);
  const canaryWatch = new CanaryWatch({
    db: database.db,
    store: releaseStore,
    clock,
    settings: config.releases,
    log: app.log,
  });
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    clock,
    market,
    contestClock,
    corporateActions,
    canaryWatch,
    health: { key: await healthSecret(database.db, clock.now()), releases: currentReleases(releaseStore) },
    events,
    boards,
    users,
    chat,
    notifier,
    streams: { open: 0, ticksSkipped: 0, heartbeatMs: HEARTBEAT_MS },
  };

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('deps', deps);
      },
      { name: 'deps' },
    ),
  );

  // While the server drains on shutdown, a new request is refused with the API.md error body; requests already
  // running finish before the database closes.
  let closing = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ errMessage: 'The server is restarting. Please try again.', errors: [] });
    }
  });

  // A POST with no body at all counts as `{}`; malformed JSON still fails in the parser (400).
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
  });

  await app.register(errorHandler);
  await app.register(security, { corsOrigins: config.corsOrigins });
  await app.register(openApi);
  await app.register(rateLimitPlugin, config.rateLimit);
  await app.register(authentication, { config, getKey: options.getKey, now: () => clock.now() });

  // Every route of the API, one plugin per file of src/routes/: each validates, calls a use case, answers.
  const routeList = [
    healthRoutes,
    equityRoutes,
    marketRoutes,
    resultsRoutes,
    analyticsRoutes,
    contestRoutes,
    tradingRoutes,
    orderRoutes,
    eventsRoutes,
    chatRoutes,
    contestUserRoutes,
    notificationRoutes,
    userRoutes,
    userProfileRoutes,
    telemetryRoutes,
  ];
  for (const routes of routeList) await app.register(routes);

  app.addHook('onReady', async () => {
    if (options.startClock) {
      // Until its first tick says this instance is the market worker, it holds no stream of the provider's.
      market.feed.standBy?.(true);
      await market.feed.start();
      corporateActions.start();
      contestClock.start();
      canaryWatch.start();
    }
  });
  // Open event streams end before the server waits for its connections to finish.
  app.addHook('preClose', async () => {
    closing = true;
    events.emit('close');
  });
  app.addHook('onClose', async () => {
    stopListening();
    chat.close();
    corporateActions.stop();
    await contestClock.stop();
    await market.feed.stop();
    await canaryWatch.stop();
    if (ownsDatabase) await database.close();
  });
  return app;
}
