// The pages each remote exposes, from the remote's own declaration (its src/exposes.ts, the list its Module
// Federation `exposes` is built from). Type-only imports: nothing of a remote reaches the host's bundle, and a page
// a remote renames or removes fails the host's `npm run typecheck` wherever the host still names it.
import type { ExposedPage as AuthPage } from '@bullpen/remote-auth/exposes';
import type { ExposedPage as ContestsPage } from '@bullpen/remote-contests/exposes';
import type { ExposedPage as ProfilePage } from '@bullpen/remote-profile/exposes';
import type { ExposedPage as TradingPage } from '@bullpen/remote-trading/exposes';

export interface RemotePages {
  auth: AuthPage;
  contests: ContestsPage;
  trading: TradingPage;
  profile: ProfilePage;
}

/** A remote and one of its exposed pages, e.g. { remote: 'contests', page: 'HomePage' }. */
export type RemotePageRef = { [R in keyof RemotePages]: { remote: R; page: RemotePages[R] } }[keyof RemotePages];
