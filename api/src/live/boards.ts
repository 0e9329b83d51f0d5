import type { ContestStatus, Standing, TeamStanding } from '@bullpen/contract';
import { compactStandingRow, LIMITS, standingOfCompactRow } from '@bullpen/contract';
import type { EventEmitter } from 'node:events';
import { type ContestRow, contestView, loadContest, readStandings } from '../db/contests';
import type { Executor } from '../db/database';
import { contestStatus } from '../domain/contest-status';

/**
 * One contest's board as the last tick stored it, computed once and shared by every request and event stream of this
 * instance until the next tick (DESIGN §5 "Boards"). Everything a response needs is serialized here once; a request
 * adds only the caller's own row.
 */
export interface LiveBoard {
  contestId: string;
  row: ContestRow;
  status: ContestStatus;
  asOf: string;
  /** The whole board, best first. */
  rows: Standing[];
  /** userId → index in `rows`. Every participant of a live or completed contest has a row. */
  indexOf: Map<string, number>;
  teams: TeamStanding[];
  total: number;
  /** JSON of the contest as `contest` in a board response, for a participant and for anyone else. */
  contestJson: { joined: string; notJoined: string };
  /** JSON of the top rows without the brackets: `{…},{…}`. */
  topJson: string;
  /** The same rows as a `standings` event carries them (`eventRow`), without the brackets. */
  eventTopJson: string;
  /** The same rows as a compact `standings` event carries them (`compactStandingRow`), without the brackets. */
  compactTopJson: string;
  /** `"teams":[…],"total":n,"asOf":"…"`: what follows `standings` in a response or event. */
  tailJson: string;
}

const topRows = LIMITS.boardTopRows;

/**
 * A row as a `standings` event carries it: every field of `Standing` under its own name, each figure to the precision
 * the live board prints it (returns and drawdowns as percentages with two decimals, Sharpe with two, values to the
 * cent as before: `@bullpen/contract`'s board rows), and no `sharpe` while it is null (the field is optional: a board
 * shows "n/a" either way). The board responses (`GET /contest/active|completed/{id}`, pages) keep full precision.
 */
export function eventRow(row: Standing): Standing {
  const { sharpe, ...shown } = standingOfCompactRow(compactStandingRow(row));
  return sharpe === null ? shown : { ...shown, sharpe };
}

/** The caller's own row when it is outside the top rows; null otherwise (or when the caller has no row). */
export function ownRowOutsideTop(board: LiveBoard, userId: string | null): Standing | null {
  if (!userId) return null;
  const index = board.indexOf.get(userId);
  return index !== undefined && index >= topRows ? (board.rows[index] as Standing) : null;
}

/** `[top rows, own row]` as JSON. */
function boundedStandingsJson(board: LiveBoard, userId: string | null): string {
  const own = ownRowOutsideTop(board, userId);
  if (!own) return `[${board.topJson}]`;
  return `[${board.topJson}${board.topJson ? ',' : ''}${JSON.stringify(own)}]`;
}

/** `{ contest, standings, teams, total, asOf }` for `GET /contest/{active|completed}/{id}`, as JSON text. */
export function boardResponseJson(board: LiveBoard, userId: string): string {
  const contest = board.indexOf.has(userId) ? board.contestJson.joined : board.contestJson.notJoined;
  return `{"contest":${contest},"standings":${boundedStandingsJson(board, userId)},${board.tailJson}}`;
}

interface Entry {
  generation: number;
  at: number;
  board: Promise<LiveBoard | null>;
}

const MAX_ENTRIES = 1000;

/**
 * Boards of this instance, kept until the next tick this instance hears of ('tick' on the events emitter: the worker's
 * own ticks, other instances' ticks through LISTEN/NOTIFY) or a change that shows on boards (a call sign), and at most
 * `maxAgeMs` in any case, so a missed notification costs freshness for a bounded time, never correctness for ever.
 */
export class BoardStore {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  /** Boards computed since start: one per contest per tick however many readers (tests and benches read it). */
  computed = 0;

  constructor(
    private readonly db: Executor,
    events: EventEmitter,
    private readonly maxAgeMs = 60_000,
  ) {
    events.on('tick', () => this.invalidate());
  }

  invalidate(): void {
    this.generation += 1;
  }

  /** The contest's board; null for an unknown contest. Upcoming contests are read afresh every time (joins change them). */
  get(contestId: string): Promise<LiveBoard | null> {
    const entry = this.entries.get(contestId);
    const now = performance.now();
    if (entry && entry.generation === this.generation && now - entry.at < this.maxAgeMs) return entry.board;
    const generation = this.generation;
    const board = this.compute(contestId);
    const fresh: Entry = { generation, at: now, board };
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(contestId))
      this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(contestId, fresh);
    const forget = () => {
      if (this.entries.get(contestId) === fresh) this.entries.delete(contestId);
    };
    board.then((value) => {
      if (!value || value.status === 'upcoming') forget();
    }, forget);
    return board;
  }

  private async compute(contestId: string): Promise<LiveBoard | null> {
    const loaded = await loadContest(this.db, contestId, null);
    if (!loaded) return null;
    const { row, creatorTicker } = loaded;
    const status = contestStatus(row);
    const asOf = (row.standingsAsOf ?? row.startsAt).toISOString();
    const live = status === 'active' || status === 'completed';
    const board = live ? await readStandings(this.db, row) : { standings: [], teams: row.teamStandings };
    this.computed += 1;
    const indexOf = new Map<string, number>();
    for (const [index, standing] of board.standings.entries()) indexOf.set(standing.userId, index);
    const top = board.standings.slice(0, topRows);
    return {
      contestId,
      row,
      status,
      asOf,
      rows: board.standings,
      indexOf,
      teams: board.teams,
      total: board.standings.length,
      contestJson: {
        joined: JSON.stringify(contestView(row, creatorTicker, true)),
        notJoined: JSON.stringify(contestView(row, creatorTicker, false)),
      },
      topJson: JSON.stringify(top).slice(1, -1),
      eventTopJson: JSON.stringify(top.map(eventRow)).slice(1, -1),
      compactTopJson: JSON.stringify(top.map(compactStandingRow)).slice(1, -1),
      tailJson: `"teams":${JSON.stringify(board.teams)},"total":${board.standings.length},"asOf":${JSON.stringify(asOf)}`,
    };
  }
}
