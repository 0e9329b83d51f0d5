import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  activateContest,
  completeEmptyContest,
  completeEndedContests,
  contestMembers,
  contestsDueToStart,
  liveContests,
  lockContestRow,
  markStandingsAsOf,
  type NewPositionRow,
  setTeamStandings,
  teamSums,
} from '../db/contest-lifecycle';
import { applyDueCorporateActions } from '../db/corporate-actions';
import type { Database, Executor } from '../db/database';
import { forgetIdempotencyKeys } from '../db/idempotency';
import { forgetBenchmarkBases } from '../db/benchmark';
import { type Delivery, pruneNotifications } from '../db/notifications';
import { expireOrders, moveTrailingStops } from '../db/order-fills';
import {
  analyzeValuationTables,
  liveParticipantsCount,
  prepareTickTransaction,
  valueLiveContests,
} from '../db/valuation';
import { allocateStartingCash, rulesInCents } from '@bullpen/contract';
import { rankTeams } from '../domain/ranking';
import type { Clock } from '../lib/clock';
import type { MarketService } from '../market/market-service';
import type { Notifier } from '../notifications/notifier';
import {
  notifyContestStarted,
  notifyContestsEnded,
  notifyExpiredWithContests,
  notifyPodiumChanges,
  notifyStartingSoon,
} from '../db/notification-producers';
import { runMarginCalls } from './margin-calls';
import { expireDueOrders, type FillReport, fillDueOrders } from './order-fills';

export interface TickReport {
  /** False when another instance holds the worker lock: this instance hears of the tick through the database. */
  worker: boolean;
  asOf: Date;
  started: string[];
  completed: string[];
  valued: number;
  /** Conditional orders filled, rejected (a buy stop that could not be paid), triggered (a stop-limit now waiting as a limit), expired. */
  orders: FillReport & { expired: number };
  /** Shorts covered by margin calls (API.md "Short selling"). */
  marginCalls: number;
  /** Holdings changed by splits and dividends that took effect (API.md "Corporate actions"). */
  corporateActions: number;
  /** Notifications written, and the statements that wrote them (each one INSERT … SELECT, however many players). */
  notifications: { written: number; texts: number; statements: number };
}

/** A retry with the same Idempotency-Key is honoured for a day; older keys are forgotten, hourly. */
const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const CLEANUP_EVERY_MS = 3_600_000;
/**
 * Below this many live participants a plan from stale statistics costs little; above it, the tables are analysed again
 * whenever the live population has doubled or halved since they last were.
 */
const ANALYZE_FROM_PARTICIPANTS = 1000;

/**
 * The contest clock (DESIGN §5–§6). One tick, run by the single worker: a market step, then upcoming → active
 * (picks turned into positions at the start price), then every live portfolio valued and ranked, then
 * active → completed with the standings frozen at the final price. Reads use what the tick stored.
 */
export class ContestClock {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private lastCleanup = 0;
  /** Live participants when this clock last analysed the tables; null before it has. */
  private analysedFor: number | null = null;

  constructor(
    private readonly options: {
      database: Database;
      market: MarketService;
      clock: Clock;
      events: EventEmitter;
      tickMs: number;
      log: FastifyBaseLogger;
      /** Announces the tick's notifications to every instance's streams and sends its texts (none in benches). */
      notifier?: Notifier;
    },
  ) {}

  start(): void {
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      this.running = this.tick().catch((error) => this.options.log.error({ err: error }, 'clock tick failed'));
      await this.running;
      this.running = null;
      if (!this.stopped) this.timer = setTimeout(loop, this.options.tickMs);
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  async tick(): Promise<TickReport> {
    const { database, market, clock, events } = this.options;
    const now = clock.now();
    const report: TickReport = {
      worker: false,
      asOf: now,
      started: [],
      completed: [],
      valued: 0,
      orders: { filled: 0, rejected: 0, triggered: 0, expired: 0 },
      marginCalls: 0,
      corporateActions: 0,
      notifications: { written: 0, texts: 0, statements: 0 },
    };
    const deliveries: Delivery[] = [];
    // Another instance is the worker: its NOTIFY tells this instance's streams and boards (see app.ts), once the tick
    // is stored rather than whenever this instance's own timer fires.
    const worker = await database.tryAcquireWorkerLock();
    market.feed.standBy?.(!worker);
    if (!worker) return report;
    report.worker = true;
    const db = database.db;
    await db.transaction((tx) => market.advance(tx, now));
    const due = await contestsDueToStart(db, now);
    // Start prices only when a contest starts: with a real feed's universe, reading every price costs a tick tens of ms.
    const prices = due.length > 0 ? (await market.snapshot()).prices : new Map<string, number>();
    for (const { id } of due) {
      const outcome = await db.transaction((tx) => this.startContest(tx, id, prices, now, deliveries));
      if (outcome === 'started') report.started.push(id);
      if (outcome === 'empty') report.completed.push(id);
    }

    // PGlite has no autovacuum: without fresh statistics after contests start, the planner guesses a handful of rows
    // and the valuation's aggregate spills to disk; with a population that has grown since the last analysis (players
    // who joined contests started elsewhere, rows written straight into the tables) it plans nested loops of index
    // probes (100,000 participants: 1.4-2 s a tick instead of 0.5-0.7 s on PGlite).
    const liveCount = await liveParticipantsCount(db);
    if (report.started.length > 0 || this.statisticsStale(liveCount)) {
      // Contests too: with a stale count of live contests the planner expects one and probes each one's rows in turn.
      await analyzeValuationTables(db);
      this.analysedFor = liveCount;
    }

    await db.transaction(async (tx) => {
      await prepareTickTransaction(tx);
      // Splits and dividends whose time has come, before fills: an order is matched at the split-adjusted price with
      // its split-adjusted limit. When none is due this is one probe of a partial index.
      report.corporateActions = await applyDueCorporateActions(tx, now);
      // Orders past their own good-until time go first: they neither fill nor hold anything back from this tick on.
      const lapsed = await expireDueOrders(tx, now, deliveries);
      // Fills first, in this transaction: a fill counts in this tick's valuation and standings (API.md).
      Object.assign(report.orders, await fillDueOrders(tx, now, market.session, deliveries));
      await moveTrailingStops(tx, now);
      report.marginCalls = await runMarginCalls(tx, now, deliveries);
      const podium: { contestId: string; userId: string }[] = [];
      report.valued = await this.valueLiveContests(tx, now, podium);
      // After the valuation, before contests end: the top 3 as this tick ranked it.
      deliveries.push(await notifyPodiumChanges(tx, podium, now));
      const ending = await completeEndedContests(tx, now);
      report.completed.push(...ending);
      report.orders.expired = lapsed + (await expireOrders(tx, ending, now));
      deliveries.push(await notifyContestsEnded(tx, ending, now));
      deliveries.push(...(await notifyExpiredWithContests(tx, ending, now)));
      deliveries.push(await notifyStartingSoon(tx, now));
    });
    if (now.getTime() - this.lastCleanup >= CLEANUP_EVERY_MS) {
      this.lastCleanup = now.getTime();
      await forgetIdempotencyKeys(db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS));
      await pruneNotifications(db, now);
      await forgetBenchmarkBases(db);
    }
    events.emit('tick', now);
    // Every other instance learns of the tick through the database (LISTEN/NOTIFY). A failed notice costs the others
    // one tick of freshness (their boards expire anyway), never this tick's work.
    await database.publishTick(now).catch((error) => this.options.log.warn({ err: error }, 'tick notice failed'));
    report.notifications = {
      written: deliveries.reduce((sum, d) => sum + d.notified, 0),
      texts: deliveries.reduce((sum, d) => sum + d.texted, 0),
      statements: deliveries.reduce((sum, d) => sum + d.statements, 0),
    };
    await this.options.notifier?.announce(deliveries, now);
    return report;
  }

  private statisticsStale(liveCount: number): boolean {
    if (liveCount < ANALYZE_FROM_PARTICIPANTS) return false;
    const last = this.analysedFor;
    return last === null || liveCount > 2 * last || 2 * liveCount < last;
  }

  /** Locks the contest (joins and leaves lock it too), so the participants seen here are final. */
  private async startContest(
    tx: Executor,
    contestId: string,
    prices: ReadonlyMap<string, number>,
    now: Date,
    deliveries: Delivery[],
  ) {
    const contest = await lockContestRow(tx, contestId);
    if (contest?.phase !== 'upcoming' || contest.cancelledAt || contest.startsAt > now) return 'skipped';
    const members = await contestMembers(tx, contestId);
    if (members.length === 0) {
      // Nobody joined: the contest completes at once with empty standings (DESIGN §5).
      await completeEmptyContest(tx, contestId, now);
      return 'empty';
    }
    const positionRows: NewPositionRow[] = [];
    const cashRows: { userId: string; cashCents: number }[] = [];
    const { maxPositionBp } = rulesInCents(contest.rules);
    for (const member of members) {
      const allocation = allocateStartingCash(contest.startingCashCents, member.picks, prices, maxPositionBp);
      cashRows.push({ userId: member.userId, cashCents: allocation.cashCents });
      for (const position of allocation.positions) positionRows.push({ contestId, userId: member.userId, ...position });
    }
    await activateContest(tx, contestId, { positions: positionRows, cash: cashRows }, now);
    deliveries.push(await notifyContestStarted(tx, contestId, now));
    return 'started';
  }

  /**
   * Values and ranks every live participant (with the portfolio-history points and skill stats that are due, in the
   * same statement: db/valuation.ts), then the team standings and the standings' time.
   */
  private async valueLiveContests(
    tx: Executor,
    now: Date,
    podium: { contestId: string; userId: string }[],
  ): Promise<number> {
    const { market } = this.options;
    const valued = await valueLiveContests(
      tx,
      now,
      market.timeScale,
      market.session.tradingDayStartedBy(now, market.timeScale),
      podium,
    );
    const liveIds = await liveContests(tx);
    if (liveIds.length === 0) return valued;
    const teamContests = liveIds.filter((c) => c.affiliations.length > 0);
    if (teamContests.length > 0) {
      const sums = await teamSums(
        tx,
        teamContests.map((c) => c.id),
      );
      for (const contest of teamContests) {
        const totals = sums
          .filter((s) => s.contest_id === contest.id)
          .map((s) => ({ affiliation: s.affiliation, totalCents: Number(s.total), members: Number(s.members) }));
        const teams = rankTeams(totals, contest.affiliations, contest.startingCashCents);
        await setTeamStandings(tx, contest.id, teams);
      }
    }
    await markStandingsAsOf(
      tx,
      liveIds.map((c) => c.id),
      now,
    );
    return valued;
  }
}
