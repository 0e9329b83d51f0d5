import { type ApiKey, toast } from '@bullpen/shared';
import { formatMoney } from '@bullpen/shared/format';
import { API_PATHS, type EquitiesResponse, type PricesEvent } from '@bullpen/contract';
import { useEffect, useState } from 'react';
import { mutate, unstable_serialize, useSWRConfig } from 'swr';
import { apiKeys } from '@bullpen/shared/reads';
import { useEventStream } from '@bullpen/shared/streams';
import type { MarginCallEvent } from '../api/event-schemas';

/**
 * 'stream' while events arrive, 'polling' while the stream is unavailable, 'paused' while the tab is hidden,
 * 'offline' while the browser has no network: a frozen board is never called live.
 */
export type LiveMode = 'stream' | 'polling' | 'paused' | 'offline';

/** Whether the browser says it has a network, and a change of it. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

type Cache = ReturnType<typeof useSWRConfig>['cache'];

/** An event only updates a read that is already on screen: mutating a key whose first fetch is still in flight
 *  would make SWR drop that fetch's answer. The key is looked up exactly, as SWR serializes it (a substring match
 *  took `/contest/active/<id>/portfolio-history` for the board `/contest/active/<id>`). Exported for tests. */
export const hasData = (cache: Cache, key: ApiKey) => cache.get(unstable_serialize(key))?.data !== undefined;

/** A read that failed and shows no data: its screen shows the error. Exported for tests. */
export const hasOnlyError = (cache: Cache, key: ApiKey) => {
  const entry = cache.get(unstable_serialize(key));
  return entry?.error !== undefined && entry.data === undefined;
};

/** An event's payload, checked against the shared schema; an invalid one is dropped and logged. Exported for tests. */
export function parseEvent<T>(
  schema: { safeParse: (data: unknown) => { success: true; data: T } | { success: false; error: unknown } },
  event: string,
  data: unknown,
): T | null {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.warn(`[live] dropped an invalid "${event}" event`, parsed.error);
  return null;
}

function applyPrices(event: PricesEvent) {
  const prices = new Map(event.prices.map((price) => [price.symbol, price]));
  void mutate<EquitiesResponse>(
    apiKeys.equities,
    (current) =>
      current && {
        ...current,
        equities: current.equities.map((equity) => {
          const next = prices.get(equity.symbol);
          return next
            ? {
                ...equity,
                price: next.price,
                changePct: next.changePct,
                change: next.price - equity.previousClose,
                updatedAt: event.asOf,
              }
            : equity;
        }),
      },
    { revalidate: false },
  );
}

/** "Margin call: 10 AAPL covered at $215.00": what the clock bought back for the player, in one warning. */
function marginCallMessage(event: MarginCallEvent): string {
  const covers = event.trades.map(
    (trade) => `${trade.quantity} ${trade.symbol} covered at ${formatMoney(trade.price)}`,
  );
  return `Margin call: your portfolio fell below the margin your shorts need, so ${covers.join(', ')}`;
}

/** Follows the contest's event stream: each tick's standings and prices go straight into the caches the screens
 *  read. Falls back to polling when the stream fails or falls silent, pauses while the tab is hidden or the browser is
 *  offline, and reconnects by itself (at once when the network comes back). */
export function useLiveUpdates(contestId: string, enabled: boolean): LiveMode {
  const [mode, setMode] = useState<LiveMode>('polling');
  const { cache } = useSWRConfig();
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  const online = useOnline();

  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    if (!online) setMode('offline');
    else if (!visible) setMode('paused');
  }, [enabled, online, visible]);

  useEventStream(
    // Compact rows: the same board in about half the bytes of API.md's rows (@bullpen/contract board-rows.ts).
    enabled && online && visible ? `${API_PATHS.contestEvents(contestId)}?rows=compact` : null,
    {
      // The schemas arrive with the first connection (a separate chunk, then cached): the screen is drawn without them.
      load: () => import('../api/event-schemas'),
      onEvent: (
        { event, data },
        {
          compactStandingsEventSchema,
          marginCallEventSchema,
          pricesEventSchema,
          standingOfCompactRow,
          standingsEventSchema,
        },
      ) => {
        setMode('stream');
        if (event === 'standings') {
          // Compact rows as asked; API.md's rows from an API that does not know the compact form yet.
          const compact = compactStandingsEventSchema.safeParse(data);
          const standings = compact.success
            ? { ...compact.data, standings: compact.data.rows.map(standingOfCompactRow) }
            : parseEvent(standingsEventSchema, event, data);
          if (!standings) return;
          // The stream runs only while the contest is live: a board that failed before (read while the contest
          // was still starting) is read again now rather than left showing that error.
          if (hasOnlyError(cache, apiKeys.activeBoard(contestId))) void mutate(apiKeys.activeBoard(contestId));
          else if (hasData(cache, apiKeys.activeBoard(contestId))) {
            void mutate(
              apiKeys.activeBoard(contestId),
              // A tick replaces the top rows, my own row and the count; a page further down stays as it was read
              // (see use-board-pager.ts).
              (current: object | undefined) =>
                current && {
                  ...current,
                  standings: standings.standings,
                  teams: standings.teams,
                  total: standings.total,
                  asOf: standings.asOf,
                },
              { revalidate: false },
            );
          }
          // My portfolio is valued at the tick's prices: re-read it on every screen that shows it, the trading
          // screen (no board there) included, so positions and the ticket's prices are the same tick's.
          if (hasData(cache, apiKeys.contestUser(contestId))) void mutate(apiKeys.contestUser(contestId));
        } else if (event === 'prices' && hasData(cache, apiKeys.equities)) {
          const prices = parseEvent(pricesEventSchema, event, data);
          if (prices) applyPrices(prices);
        } else if (event === 'margin-call') {
          const call = parseEvent(marginCallEventSchema, event, data);
          if (!call || call.trades.length === 0) return;
          toast.warning(marginCallMessage(call));
          // The covers changed cash, positions and the trade history.
          if (hasData(cache, apiKeys.contestUser(contestId))) void mutate(apiKeys.contestUser(contestId));
        } else if (event === 'end') {
          void mutate(apiKeys.contest(contestId));
        }
      },
      // Until the stream is back, the screens poll.
      onDrop: () => setMode('polling'),
    },
  );

  return enabled ? mode : 'polling';
}
