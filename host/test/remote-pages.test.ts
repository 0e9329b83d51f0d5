// The host's side of the page contract (docs/host-remote-contract.md): every page the host names is one its
// remote declares in src/exposes.ts. The type assertions below fail `npm run typecheck` if the pages stop being
// checked (an unknown page must be a type error); the runtime checks fail `npx jest host` if a route drifts.
import { exposes as authExposes } from '@bullpen/remote-auth/exposes';
import { exposes as contestsExposes } from '@bullpen/remote-contests/exposes';
import { exposes as profileExposes } from '@bullpen/remote-profile/exposes';
import { exposes as tradingExposes } from '@bullpen/remote-trading/exposes';
import { HOST_ROUTES, ONBOARDING_PAGE } from '../src/app/route-table';
import type { RemotePageRef, RemotePages } from '../src/features/remotes';
import { isSharedVersionRefusal } from '../src/features/remotes/api/federation';
import { type HostRoute, isRedirect, type PageRoute, route } from '../src/features/remotes/api/route-match';

const declared: Record<keyof RemotePages, Readonly<Record<string, string>>> = {
  auth: authExposes,
  contests: contestsExposes,
  trading: tradingExposes,
  profile: profileExposes,
};

// @ts-expect-error a page remote-contests does not expose is not a page
const unknownPage: RemotePageRef = { remote: 'contests', page: 'NoSuchPage' };
// @ts-expect-error a page of another remote is not this remote's page
const wrongRemote: RemotePageRef = { remote: 'trading', page: 'HomePage' };
const wrongParam: HostRoute = route({
  path: '/x/:contestId',
  access: 'signed-in',
  remote: 'contests',
  page: 'HomePage',
  // @ts-expect-error a route's reads name only its own path's parameters
  reads: ({ id }) => [id],
});
void unknownPage;
void wrongRemote;
void wrongParam;

const pageRoutes = HOST_ROUTES.filter((entry): entry is PageRoute => !isRedirect(entry));

describe('the host names only pages its remotes declare', () => {
  it.each([...pageRoutes, { path: '(gate)', ...ONBOARDING_PAGE }])('$path -> $remote/$page', ({ remote, page }) => {
    expect(Object.keys(declared[remote])).toContain(page);
  });

  it('every redirect leads to an address of the table', () => {
    for (const entry of HOST_ROUTES.filter(isRedirect))
      expect(pageRoutes.filter((target) => target.path === entry.redirect)).not.toEqual([]);
  });

  it("every exposed module is a file under the remote's src/", () => {
    for (const pages of Object.values(declared))
      for (const file of Object.values(pages)) expect(file).toMatch(/^\.\/src\/.+\.tsx$/);
  });
});

describe('a shared-version refusal', () => {
  it('is told apart from other load failures', () => {
    expect(
      isSharedVersionRefusal(
        new Error(
          '[ Federation Runtime ]: Version 1.0.0 from host of shared singleton module @bullpen/shared does not satisfy the requirement of remote_contests which needs ^2.0.0)',
        ),
      ),
    ).toBe(true);
    expect(isSharedVersionRefusal(new Error('Failed to fetch'))).toBe(false);
    expect(isSharedVersionRefusal('x')).toBe(false);
  });
});
