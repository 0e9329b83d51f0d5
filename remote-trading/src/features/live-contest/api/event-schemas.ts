// The live events' schemas, loaded with the event stream rather than with the page: zod is about 85 KB of script
// that the first leaderboard row does not need. use-live-updates.ts imports this file on demand.
import { tradeSchema } from '@bullpen/contract';
import { z } from 'zod';

export {
  compactStandingsEventSchema,
  pricesEventSchema,
  standingOfCompactRow,
  standingsEventSchema,
} from '@bullpen/contract';

/** API.md "Margin call": sent to the player only, with the covers the clock made for them at this tick. */
export const marginCallEventSchema = z.object({ contestId: z.string(), trades: z.array(tradeSchema) });
export type MarginCallEvent = z.infer<typeof marginCallEventSchema>;
