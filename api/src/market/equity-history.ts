import type { EquityHistoryResponse, equityHistoryQuerySchema } from '@bullpen/contract';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { badRequest, notFound } from '../lib/errors';

const DAY_MS = 24 * 3600 * 1000;

/** `GET /equity/{symbol}/history`: stored prices from `from` to `to` (by default the last day). */
export async function equityHistory(
  deps: Pick<AppDeps, 'market' | 'clock'>,
  symbol: string,
  query: z.output<typeof equityHistoryQuerySchema>,
): Promise<EquityHistoryResponse> {
  if (!deps.market.isKnown(symbol)) throw notFound(`Unknown symbol ${symbol}`);
  const now = deps.clock.now();
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DAY_MS);
  if (from > to) throw badRequest('Validation failed', [{ field: 'from', message: 'from must not be after to' }]);
  return { symbol, points: await deps.market.history(symbol, from, to) };
}
