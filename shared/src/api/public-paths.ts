import { API_PATHS } from '@bullpen/contract/paths';

/** SPEC §6: every call carries the ID token, except get-contest, which is public. The API client and main.js's early
 *  reads (which cannot import the client: it brings Amplify) both send these without one. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set<string>([API_PATHS.getContest]);
