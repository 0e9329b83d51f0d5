import type { EventEmitter } from 'node:events';
import type { CanaryWatch } from './clock/canary-watch';
import type { ContestClock } from './clock/contest-clock';
import type { ChatHub } from './chat/hub';
import type { AppConfig } from './config';
import type { Database, Db } from './db/database';
import type { UserCache } from './db/user-cache';
import type { Clock } from './lib/clock';
import type { BoardStore } from './live/boards';
import type { CorporateActionsJob } from './market/corporate-actions';
import type { MarketService } from './market/market-service';
import type { Notifier } from './notifications/notifier';

/** What the app is made of: every route and use case takes what it needs from here (`app.deps`). */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  market: MarketService;
  contestClock: ContestClock;
  /** Reads splits and dividends from the feed (none from the simulator); the clock applies them. */
  corporateActions: CorporateActionsJob;
  /** Rolls failing canaries back (RELEASE_STORE); runs beside the contest clock. */
  canaryWatch: CanaryWatch;
  /** Remote health: the key that signs browsers' passes and hashes reporters, and the releases pages may load now. */
  health: { key: string; releases: (now: Date) => Map<string, Set<string>> };
  /** 'tick' after every clock step (on every instance), so open event streams can push fresh data. */
  events: EventEmitter;
  /** Boards as the last tick stored them, computed once per contest per tick for every request and stream. */
  boards: BoardStore;
  /** User rows of verified tokens, kept a few seconds (see db/user-cache.ts for what that delay means). */
  users: UserCache;
  /** This instance's open chat streams, told of every stored chat change on any instance. */
  chat: ChatHub;
  /** Announces notifications to every instance's streams and sends text messages (API.md "Notifications"). */
  notifier: Notifier;
  /** Event streams of this instance: how many are open, and ticks not sent to a reader that had not taken the last ones. */
  streams: { open: number; ticksSkipped: number; heartbeatMs: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
