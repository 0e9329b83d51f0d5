// What remote-trading exposes to the host: page name -> module. The one list that its build (rspack.config.ts, as
// Module Federation's `exposes`), its stand-alone bootstrap and the host's routes read (the host imports the type
// only, so nothing of it reaches the host's bundle). Renaming or removing a page here fails the host's typecheck;
// a path that no longer exists fails this remote's build. See docs/host-remote-contract.md.
export const exposes = {
  LiveContestPage: './src/app/pages/live-contest-page.tsx',
  TradingPage: './src/app/pages/trading-page.tsx',
} as const satisfies Readonly<Record<string, `./src/${string}.tsx`>>;

/** A page the host may ask this remote for (`loadRemote('remote_trading/<page>')`). */
export type ExposedPage = keyof typeof exposes;
