// What remote-contests exposes to the host: page name -> module. The one list that its build (rspack.config.ts, as
// Module Federation's `exposes`), its stand-alone bootstrap and the host's routes read (the host imports the type
// only, so nothing of it reaches the host's bundle). Renaming or removing a page here fails the host's typecheck;
// a path that no longer exists fails this remote's build. See docs/host-remote-contract.md.
export const exposes = {
  HomePage: './src/app/pages/home-page.tsx',
  CreateContestPage: './src/app/pages/create-contest-page.tsx',
  EditContestPage: './src/app/pages/edit-contest-page.tsx',
  ContestDetailPage: './src/app/pages/contest-detail-page.tsx',
  InvitationPage: './src/app/pages/invitation-page.tsx',
  ContestConfirmedPage: './src/app/pages/contest-confirmed-page.tsx',
  JoinContestInfoPage: './src/app/pages/join-contest-info-page.tsx',
  SavePicksPage: './src/app/pages/save-picks-page.tsx',
  EditPicksPage: './src/app/pages/edit-picks-page.tsx',
  ConfirmSavePicksPage: './src/app/pages/confirm-save-picks-page.tsx',
  ContestCompletedPage: './src/app/pages/contest-completed-page.tsx',
} as const satisfies Readonly<Record<string, `./src/${string}.tsx`>>;

/** A page the host may ask this remote for (`loadRemote('remote_contests/<page>')`). */
export type ExposedPage = keyof typeof exposes;
