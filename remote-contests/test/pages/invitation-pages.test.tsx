import { screen, within } from '@testing-library/react';
import ContestConfirmedPage from '../../src/app/pages/contest-confirmed-page';
import InvitationPage from '../../src/app/pages/invitation-page';
import JoinContestInfoPage from '../../src/app/pages/join-contest-info-page';
import { API, apiError, http, reply, requests, sent, server } from '../api-mock';
import { ME, makeContest, makeContestUser } from '../fixtures';
import { renderPage, resetStores, signIn, signOut } from '../render';

const team = makeContest({ affiliations: ['Bulls', 'Bears'], isTeamCollaboration: true, participantsCount: 7 });

function serve(contest = makeContest(), contestUser = makeContestUser()) {
  server.use(
    http.post(`${API}/contest/get-contest`, () => reply({ contest })),
    http.get(`${API}/contest-user/c-1`, () => reply({ data: contestUser })),
  );
}

beforeEach(() => resetStores());

describe('/contest-confirmed', () => {
  const renderConfirmed = () =>
    renderPage(<ContestConfirmedPage />, { pattern: '/contest-confirmed/:contestId', path: '/contest-confirmed/c-1' });

  it('shows the creator the invitation link with a working copy button, the share text and the next step', async () => {
    signIn();
    serve(makeContest({ createdBy: { _id: ME.id, ticker: ME.ticker } }));
    const { user } = renderConfirmed();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    const link = await screen.findByTestId('invitation-link');
    expect(link).toHaveTextContent('http://localhost/join-contest-info/c-1');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith('http://localhost/join-contest-info/c-1');
    expect(screen.getByRole('button', { name: 'Copied ✓' })).toBeInTheDocument();

    expect(
      screen.getByText(/Join my Bullpen contest “Spring Sprint”: pick 2 stocks with \$100,000 of virtual cash\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(writeText.mock.lastCall?.[0]).toMatch(
      /^Join my Bullpen contest .* http:\/\/localhost\/join-contest-info\/c-1$/,
    );

    expect(screen.getByRole('link', { name: 'Save your picks' })).toHaveAttribute('href', '/save-picks/c-1');
  });

  it('shows an error state with retry when the contest cannot be loaded', async () => {
    signIn();
    let fail = true;
    server.use(
      http.post(`${API}/contest/get-contest`, () =>
        fail
          ? apiError(500, 'Boom')
          : reply({ contest: makeContest({ createdBy: { _id: ME.id, ticker: ME.ticker } }) }),
      ),
    );
    const { user } = renderConfirmed();
    expect(await screen.findByText('This contest could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Boom')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('invitation-link')).toBeInTheDocument();
  });

  it.each([
    ['another player, upcoming', makeContest()],
    ['the creator, live', makeContest({ status: 'active', createdBy: { _id: ME.id, ticker: ME.ticker } })],
    ['the creator, completed', makeContest({ status: 'completed', createdBy: { _id: ME.id, ticker: ME.ticker } })],
    ['the creator, cancelled', makeContest({ status: 'cancelled', createdBy: { _id: ME.id, ticker: ME.ticker } })],
  ])('sends %s to the contest details instead of "Your contest is ready"', async (_who, contest) => {
    signIn();
    serve(contest);
    renderConfirmed();
    expect(await screen.findByTestId('location')).toHaveTextContent('/contest-detail/c-1');
    expect(screen.queryByText('Your contest is ready')).not.toBeInTheDocument();
  });
});

describe('/invitation', () => {
  const renderInvitation = () =>
    renderPage(<InvitationPage />, { pattern: '/invitation/:contestId', path: '/invitation/c-1' });

  it('shows the summary, the creator and the countdown, and Join leads to the picks', async () => {
    signIn();
    serve();
    renderInvitation();
    expect(await screen.findByText('BOLT invites you')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Spring Sprint' })).toBeInTheDocument();
    expect(screen.getByText('Five picks, one week.')).toBeInTheDocument();
    expect(screen.getByText(/^1h (29m|30m) \d\ds$/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Join — choose your picks' })).toHaveAttribute(
      'href',
      '/save-picks/c-1',
    );
  });

  it('states the trading rules in plain words among the facts', async () => {
    signIn();
    serve(
      makeContest({ rules: { shortSelling: false, commission: { perTrade: 0, perShare: 0.005 }, maxPositionPct: 40 } }),
    );
    renderInvitation();
    const tile = (await screen.findByText('Trading rules')).closest('div');
    expect(tile).toHaveTextContent('Trading rulesNo short selling$0.005 per shareAt most 40% in one stock');
  });

  it('puts Join before the contest facts (on a phone the single column would put it below them)', async () => {
    signIn();
    serve();
    renderInvitation();
    const join = await screen.findByRole('link', { name: 'Join — choose your picks' });
    const facts = screen.getByRole('heading', { name: 'About this contest' });
    expect(join.compareDocumentPosition(facts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('tells a participant they are in instead of offering Join', async () => {
    signIn();
    serve(makeContest(), makeContestUser({ joined: true, picks: ['AAPL', 'MSFT'] }));
    renderInvitation();
    expect(await screen.findByRole('link', { name: 'You’re in — view contest' })).toHaveAttribute(
      'href',
      '/contest-detail/c-1',
    );
    // What joining asks is for someone who can still join.
    expect(screen.queryByText(/to take part/)).not.toBeInTheDocument();
  });

  it('tells someone who can join what joining asks, and a full contest only that it is full', async () => {
    signIn();
    serve();
    const { unmount } = renderInvitation();
    expect(
      await screen.findByText('Pick exactly 2 different stocks before the start to take part.'),
    ).toBeInTheDocument();
    unmount();
    serve(makeContest({ participantsCount: 20 }));
    renderInvitation();
    expect(await screen.findByText('This contest is full')).toBeInTheDocument();
    expect(screen.queryByText(/to take part/)).not.toBeInTheDocument();
  });

  it('says when the contest was cancelled', async () => {
    signIn();
    serve(makeContest({ status: 'cancelled' }));
    renderInvitation();
    expect(await screen.findByText('This contest is cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Join/ })).not.toBeInTheDocument();
  });

  it.each(['active', 'completed', 'cancelled'] as const)(
    'of a %s contest offers nothing to pass on or join',
    async (status) => {
      signIn();
      serve(makeContest({ status }));
      renderInvitation();
      expect(await screen.findByRole('link', { name: 'View contest' })).toBeInTheDocument();
      expect(screen.queryByText('Pass it on')).not.toBeInTheDocument();
      expect(screen.queryByText(/Join my Bullpen contest/)).not.toBeInTheDocument();
      expect(screen.queryByText(/Starts in/)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Join/ })).not.toBeInTheDocument();
    },
  );
});

describe('/join-contest-info', () => {
  const renderJoinInfo = () =>
    renderPage(<JoinContestInfoPage />, {
      pattern: '/join-contest-info/:contestId',
      path: '/join-contest-info/c-1?ref=sms',
    });

  it('works signed out with the unauthenticated get-contest: rules in plain words and the participants count', async () => {
    signOut();
    serve(team);
    renderJoinInfo();
    expect(await screen.findByRole('heading', { name: 'Spring Sprint' })).toBeInTheDocument();
    expect(screen.getByText(/Pick exactly 2 different stocks before the start/)).toBeInTheDocument();
    expect(screen.getByText(/your \$100,000 of virtual cash is split equally across your picks/)).toBeInTheDocument();
    expect(screen.getByText(/Team contest: you join one of “Bulls”, “Bears”/)).toBeInTheDocument();
    expect(screen.getByText('You’re invited to a Bullpen contest')).toBeInTheDocument();
    expect(screen.getByText(/You can change your picks until then/)).toBeInTheDocument();
    expect(screen.getByText(/7 joined so far/)).toBeInTheDocument();
    expect(screen.getByTestId('participants-count')).toHaveTextContent('7 of 20 places taken');
    const [call] = sent('/contest/get-contest');
    expect(call?.authorization).toBeNull();
    expect(call?.body).toEqual({ contestId: 'c-1' });
    // Signed out, nothing that needs a token is called.
    expect(requests.every((r) => r.path === '/contest/get-contest')).toBe(true);
  });

  it('signed out: "Sign up to join" goes to /auth and keeps this address in localStorage next', async () => {
    signOut();
    serve();
    const { user } = renderJoinInfo();
    await user.click(await screen.findByRole('link', { name: 'Sign up to join' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    // The full address (SPEC §2), not a bare path.
    expect(localStorage.getItem('next')).toBe('http://localhost/join-contest-info/c-1?ref=sms');
  });

  it('signed in: Join leads to the picks', async () => {
    signIn();
    serve();
    renderJoinInfo();
    const joinPanel = (await screen.findByRole('heading', { name: 'Join' })).closest('section') as HTMLElement;
    expect(await within(joinPanel).findByRole('link', { name: 'Join' })).toHaveAttribute('href', '/save-picks/c-1');
    expect(screen.queryByRole('link', { name: 'Sign up to join' })).not.toBeInTheDocument();
  });

  it.each([
    ['signed out', 'Sign up to join'],
    ['signed in', 'Join'],
  ])(
    '%s: the join action comes before the rules (on a phone the single column would put it below them)',
    async (state, action) => {
      if (state === 'signed in') signIn();
      else signOut();
      serve(team);
      renderJoinInfo();
      const link = await screen.findByRole('link', { name: action });
      const rules = screen.getByRole('heading', { name: 'How it works' });
      expect(link.compareDocumentPosition(rules) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    },
  );

  it.each([
    [
      'active',
      'A Bullpen contest, live now',
      /Each player picked 2 stocks before the start .*; picks were locked then\./,
      '3 players are taking part (of 20 places).',
    ],
    [
      'completed',
      'A finished Bullpen contest',
      /Each player picked 2 stocks before the start .*; picks were locked then\./,
      '3 players took part (of 20 places).',
    ],
    ['cancelled', 'A cancelled Bullpen contest', /was cancelled by its organiser before it started/, null],
  ] as const)(
    'of a %s contest speaks of it as it is, not as an invitation',
    async (status, eyebrow, picks, players) => {
      signOut();
      serve(makeContest({ status }));
      renderJoinInfo();
      expect(await screen.findByText(eyebrow)).toBeInTheDocument();
      expect(screen.queryByText('You’re invited to a Bullpen contest')).not.toBeInTheDocument();
      expect(screen.getByText(picks)).toBeInTheDocument();
      expect(screen.queryByText(/You can change your picks/)).not.toBeInTheDocument();
      expect(screen.queryByText(/joined so far/)).not.toBeInTheDocument();
      expect(screen.queryByText(/places taken/)).not.toBeInTheDocument();
      if (players) expect(screen.getByText(players)).toBeInTheDocument();
    },
  );

  it('says when the contest has already started', async () => {
    signOut();
    serve(makeContest({ status: 'active' }));
    renderJoinInfo();
    expect(await screen.findByText('This contest is live')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up to join' })).not.toBeInTheDocument();
  });

  it('shows a not-found state for an unknown contest', async () => {
    signOut();
    server.use(http.post(`${API}/contest/get-contest`, () => apiError(404, 'Contest not found')));
    renderJoinInfo();
    expect(await screen.findByText('This contest does not exist')).toBeInTheDocument();
  });
});
