import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/**
 * The shape of every id this server issues or stores: UUIDs from `newId`, and slugs such as `bench-contest-3` that seed
 * data uses (API.md: ids are opaque strings, ULID or UUID). Anything else, a NUL, another control character, a
 * zero-width space, an unpaired surrogate, a quote, names no row: lookups answer "not found" without asking the
 * database, which cannot even compare some of those strings ("invalid byte sequence for encoding UTF8").
 */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const isWellFormedId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);
