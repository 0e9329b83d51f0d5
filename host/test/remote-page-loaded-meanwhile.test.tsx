// A page whose load finishes between RemotePage's render and its effect (a preload of the next page, say, completing
// just then) is shown at once: the loader must not stay up for good.
import { render, screen } from '@testing-library/react';

const Page = () => <h1>Sign in</h1>;
let reads = 0;

jest.mock('../src/features/remotes/api/page-loads', () => {
  const actual = jest.requireActual('../src/features/remotes/api/page-loads');
  return {
    ...actual,
    // Not loaded when the page renders, loaded when its effect looks again.
    loadedPage: () => {
      reads += 1;
      return reads === 1 ? undefined : Page;
    },
    loadPage: () => new Promise(() => undefined),
  };
});

jest.mock('../src/features/remotes/api/health-beacon', () => ({
  reportLoadFailure: () => undefined,
  reportRemoteError: () => undefined,
  reportRemoteView: () => undefined,
}));

import { RemotePage } from '../src/features/remotes/components/remote-page';

it('shows a page that finished loading between its render and its effect', async () => {
  render(<RemotePage remote="auth" page="AuthPage" />);
  expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
