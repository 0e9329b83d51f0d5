// A database written before a migration keeps its data through it: the schema is migrated on a database that holds
// rows of the release before, and what a player reads afterwards is what they read before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const MIGRATIONS = path.resolve(__dirname, '..', 'migrations');

/** A copy of the migrations folder whose journal stops after the migration tagged `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('0009: portfolio history keyed by the participant', () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    client = new PGlite();
    before = migrationsUpTo('0008_short_positions');
    await migrate(drizzle(client) as never, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO users (id, sub, status, role, ticker, display_name, bio, created_at, updated_at)
      VALUES ('u-ann', 'u-ann', 'active', 'user', 'ANN', 'Ann', '', now(), now()),
             ('u-bob', 'u-bob', 'active', 'user', 'BOB', 'Bob', '', now(), now());
      INSERT INTO contests (id, name, description, starts_at, ends_at, picks_count, starting_cash_cents, max_participants,
                            visibility, affiliations, created_by, phase, participants_count, created_at, updated_at)
      VALUES ('c-1', 'One', '', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', 2, 1000000, 10, 'public', '[]', 'u-ann',
              'active', 2, now(), now()),
             ('c-2', 'Two', '', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', 2, 1000000, 10, 'public', '[]', 'u-ann',
              'active', 1, now(), now());
      INSERT INTO participants (contest_id, user_id, picks, joined_at, cash_cents)
      VALUES ('c-1', 'u-ann', '["AAPL","MSFT"]', now(), 0), ('c-1', 'u-bob', '["AAPL","MSFT"]', now(), 0),
             ('c-2', 'u-ann', '["AAPL","MSFT"]', now(), 0);
      INSERT INTO portfolio_history (contest_id, user_id, t, value_cents)
      VALUES ('c-1', 'u-ann', '2026-01-01T00:00:00Z', 1000000), ('c-1', 'u-ann', '2026-01-01T06:00:00Z', 1010000),
             ('c-1', 'u-bob', '2026-01-01T00:00:00Z', 1000000), ('c-1', 'u-bob', '2026-01-01T06:00:00Z', 990000),
             ('c-2', 'u-ann', '2026-01-01T00:00:00Z', 1000000);
    `);
    await migrate(drizzle(client) as never, { migrationsFolder: MIGRATIONS });
  });

  afterAll(async () => {
    await client.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it("keeps every point, each under its own player's participant", async () => {
    const { rows } = await client.query<{ contest_id: string; user_id: string; t: Date; value_cents: string }>(`
      SELECT p.contest_id, p.user_id, h.t, h.value_cents::text AS value_cents
      FROM portfolio_history h JOIN participants p ON p.id = h.participant_id
      ORDER BY p.contest_id, p.user_id, h.t`);
    expect(rows.map((row) => [row.contest_id, row.user_id, row.t.toISOString(), row.value_cents])).toEqual([
      ['c-1', 'u-ann', '2026-01-01T00:00:00.000Z', '1000000'],
      ['c-1', 'u-ann', '2026-01-01T06:00:00.000Z', '1010000'],
      ['c-1', 'u-bob', '2026-01-01T00:00:00.000Z', '1000000'],
      ['c-1', 'u-bob', '2026-01-01T06:00:00.000Z', '990000'],
      ['c-2', 'u-ann', '2026-01-01T00:00:00.000Z', '1000000'],
    ]);
  });

  it('gives every participant its own id, and new participants the next ones', async () => {
    await client.exec(
      `INSERT INTO participants (contest_id, user_id, picks, joined_at) VALUES ('c-2', 'u-bob', '[]', now())`,
    );
    const { rows } = await client.query<{ id: string }>('SELECT id::text AS id FROM participants');
    expect(new Set(rows.map((row) => row.id)).size).toBe(4);
    expect(rows.every((row) => Number(row.id) > 0)).toBe(true);
  });
});

describe('0011: market orders that wait', () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    client = new PGlite();
    before = migrationsUpTo('0010_remote_health_reports');
    await migrate(drizzle(client) as never, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO orders (id, contest_id, user_id, symbol, side, quantity, type, limit_price_cents, status, expires_at,
                          created_at, updated_at)
      VALUES ('o-1', 'c-1', 'u-ann', 'AAPL', 'buy', 10, 'limit', 18720, 'open', '2026-01-02T00:00:00Z', now(), now()),
             ('o-2', 'c-1', 'u-ann', 'MSFT', 'sell', 5, 'limit', 42000, 'filled', '2026-01-02T00:00:00Z', now(), now());
    `);
    await migrate(drizzle(client) as never, { migrationsFolder: MIGRATIONS });
  });

  afterAll(async () => {
    await client.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('keeps every order as it was: good till cancelled, nothing waiting for a price', async () => {
    const { rows } = await client.query<{
      id: string;
      time_in_force: string;
      reserve_price_cents: string | null;
      fill_after: Date | null;
      status: string;
    }>('SELECT id, time_in_force, reserve_price_cents, fill_after, status FROM orders ORDER BY id');
    expect(rows).toEqual([
      { id: 'o-1', time_in_force: 'gtc', reserve_price_cents: null, fill_after: null, status: 'open' },
      { id: 'o-2', time_in_force: 'gtc', reserve_price_cents: null, fill_after: null, status: 'filled' },
    ]);
  });
});

describe('0017: the benchmark kept by the clock', () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    client = new PGlite();
    before = migrationsUpTo('0016_price_history_by_time');
    await migrate(drizzle(client) as never, { migrationsFolder: before });
    // A live contest whose first point was at 00:00, and a completed one from before its first point was recorded
    // (its history starts at 06:00), each with its points; two symbols priced at every tick, as the simulator did.
    await client.exec(`
      INSERT INTO users (id, sub, status, role, ticker, display_name, bio, created_at, updated_at)
      VALUES ('u-ann', 'u-ann', 'active', 'user', 'ANN', 'Ann', '', now(), now());
      INSERT INTO contests (id, name, description, starts_at, ends_at, picks_count, starting_cash_cents, max_participants,
                            visibility, affiliations, created_by, phase, participants_count, created_at, updated_at,
                            history_at, history_first_at)
      VALUES ('c-live', 'Live', '', '2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z', 2, 1000000, 10, 'public', '[]',
              'u-ann', 'active', 1, now(), now(), '2026-01-01T12:00:00Z', '2026-01-01T00:00:00Z'),
             ('c-done', 'Done', '', '2026-01-01T06:00:00Z', '2026-01-01T12:00:00Z', 2, 1000000, 10, 'public', '[]',
              'u-ann', 'completed', 1, now(), now(), '2026-01-01T12:00:00Z', NULL);
      INSERT INTO participants (contest_id, user_id, picks, joined_at, cash_cents)
      VALUES ('c-live', 'u-ann', '["AAPL","MSFT"]', now(), 0), ('c-done', 'u-ann', '["AAPL","MSFT"]', now(), 0);
      INSERT INTO portfolio_history (participant_id, t, value_cents)
      SELECT p.id, t::timestamptz, 1000000 FROM participants p,
        unnest(ARRAY['2026-01-01T00:00:00Z', '2026-01-01T06:00:00Z', '2026-01-01T12:00:00Z']) AS t
      WHERE p.contest_id = 'c-live' OR t <> '2026-01-01T00:00:00Z';
      INSERT INTO price_history (symbol, t, price_cents)
      VALUES ('AAPL', '2026-01-01T00:00:00Z', 10000), ('AAPL', '2026-01-01T06:00:00Z', 11000),
             ('AAPL', '2026-01-01T12:00:00Z', 12100),
             ('MSFT', '2026-01-01T00:00:00Z', 20000), ('MSFT', '2026-01-01T06:00:00Z', 20000),
             ('MSFT', '2026-01-01T12:00:00Z', 18000);
    `);
    await migrate(drizzle(client) as never, { migrationsFolder: MIGRATIONS });
  });

  afterAll(async () => {
    await client.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('keeps the level at every stored point, against each contest’s first one', async () => {
    const { rows } = await client.query<{ first_at: Date; t: Date; level: number }>(
      'SELECT first_at, t, level FROM benchmark_levels ORDER BY first_at, t',
    );
    expect(rows.map((row) => [row.first_at.toISOString(), row.t.toISOString(), row.level])).toEqual([
      ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 1],
      ['2026-01-01T00:00:00.000Z', '2026-01-01T06:00:00.000Z', expect.closeTo((1.1 + 1) / 2, 9)],
      ['2026-01-01T00:00:00.000Z', '2026-01-01T12:00:00.000Z', expect.closeTo((1.21 + 0.9) / 2, 9)],
      ['2026-01-01T06:00:00.000Z', '2026-01-01T06:00:00.000Z', 1],
      ['2026-01-01T06:00:00.000Z', '2026-01-01T12:00:00.000Z', expect.closeTo((1.1 + 0.9) / 2, 9)],
    ]);
  });

  it('keeps the base of the live contest only', async () => {
    const { rows } = await client.query<{ first_at: Date; symbol: string; price_cents: string }>(
      'SELECT first_at, symbol, price_cents::text AS price_cents FROM benchmark_bases ORDER BY symbol',
    );
    expect(rows.map((row) => [row.first_at.toISOString(), row.symbol, row.price_cents])).toEqual([
      ['2026-01-01T00:00:00.000Z', 'AAPL', '10000'],
      ['2026-01-01T00:00:00.000Z', 'MSFT', '20000'],
    ]);
  });
});
