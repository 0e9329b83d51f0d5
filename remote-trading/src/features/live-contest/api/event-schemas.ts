// The live events' schemas, loaded with the event stream rather than with the page: zod is about 85 KB of script
// that the first leaderboard row does not need. use-live-updates.ts imports this file on demand.
export { pricesEventSchema, standingsEventSchema } from '@bullpen/shared/schemas';
