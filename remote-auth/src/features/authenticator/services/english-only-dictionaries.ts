// What the build puts in place of Amplify UI's dictionaries for languages other than English (remote-auth/rspack.config.ts):
// Bullpen speaks English only (SPEC's texts), and the twenty dictionaries are about 12 KiB of the sign-in page.
export const deDict: Record<string, string> = {};
export const esDict: Record<string, string> = {};
export const frDict: Record<string, string> = {};
export const heDict: Record<string, string> = {};
export const huDict: Record<string, string> = {};
export const idDict: Record<string, string> = {};
export const itDict: Record<string, string> = {};
export const jaDict: Record<string, string> = {};
export const krDict: Record<string, string> = {};
export const nbDict: Record<string, string> = {};
export const nlDict: Record<string, string> = {};
export const plDict: Record<string, string> = {};
export const ptDict: Record<string, string> = {};
export const ruDict: Record<string, string> = {};
export const svDict: Record<string, string> = {};
export const thDict: Record<string, string> = {};
export const trDict: Record<string, string> = {};
export const uaDict: Record<string, string> = {};
export const zhDict: Record<string, string> = {};
