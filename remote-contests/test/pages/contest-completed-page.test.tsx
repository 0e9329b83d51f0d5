import { screen, within } from '@testing-library/react';
import ContestCompletedPage from '../../src/app/pages/contest-completed-page';
import { API, apiError, http, reply, server } from '../api-mock';
import { makeContest, makeStandings, makeTeams } from '../fixtures';
import { renderPage, resetStores, signIn, toasts } from '../render';

const renderCompleted = () =>
  renderPage(<ContestCompletedPage />, { pattern: '/contest-completed/:contestId', path: '/contest-completed/c-1' });

function serve(team: boolean, standings = makeStandings()) {
  const contest = makeContest({
    status: 'completed',
    affiliations: team ? ['Bulls', 'Bears'] : [],
    isTeamCollaboration: team,
  });
  server.use(
    http.get(`${API}/contest/completed/c-1`, () =>
      reply({ contest, standings, teams: team ? makeTeams() : [], total: standings.length, asOf: new Date().toISOString() }),
    ),
  );
}

beforeEach(() => {
  resetStores();
  signIn();
});

it('shows the final standings with rank, call sign linking to the profile and return, my row highlighted', async () => {
  serve(false);
  renderCompleted();
  const table = await screen.findByRole('table', { name: 'Final standings' });
  const body = within(table).getAllByRole('row').slice(1);
  expect(body.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '2', '3', '4']);
  expect(within(table).getByRole('link', { name: 'BOLT' })).toHaveAttribute('href', '/profile?userId=user-other');
  const mine = body[1] as HTMLElement;
  expect(mine).toHaveAttribute('aria-current', 'true');
  expect(mine).toHaveClass('bpc-mine');
  expect(within(mine).getByText('+4.50%')).toHaveClass('bpc-tone-gain');
  expect(within(body[3] as HTMLElement).getByText('−9.00%')).toHaveClass('bpc-tone-loss');
  expect(screen.getByText('You finished')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Team standings' })).not.toBeInTheDocument();
  expect(within(table).queryByRole('columnheader', { name: 'Team' })).not.toBeInTheDocument();
});

it('puts the top three on a podium', async () => {
  serve(false);
  renderCompleted();
  const podium = await screen.findByRole('list', { name: 'Podium' });
  expect(within(podium).getByRole('listitem', { name: '1st: BOLT, +12.00%' })).toBeInTheDocument();
  expect(within(podium).getByRole('listitem', { name: '2nd: ACE, +4.50%' })).toHaveTextContent('You');
  expect(within(podium).getByRole('listitem', { name: '3rd: CRUX, −1.00%' })).toBeInTheDocument();
  expect(within(podium).queryByText('DUNE')).not.toBeInTheDocument();
});

it('shows team standings for a team contest, with my team marked', async () => {
  serve(true);
  renderCompleted();
  const teams = await screen.findByRole('table', { name: 'Team standings' });
  const rows = within(teams).getAllByRole('row').slice(1);
  expect(within(rows[0] as HTMLElement).getByText('Bulls')).toBeInTheDocument();
  expect(within(rows[1] as HTMLElement).getByText('(your team)')).toBeInTheDocument();
  expect(within(rows[1] as HTMLElement).getByText('−2.25%')).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Final standings' })).getByRole('columnheader', { name: 'Team' })).toBeInTheDocument();
});

it('shows an empty state for a contest nobody played', async () => {
  serve(false, []);
  renderCompleted();
  expect(await screen.findByText('Nobody played')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Podium' })).not.toBeInTheDocument();
});

it('explains that a contest that is not completed has no final standings yet, without an error toast', async () => {
  server.use(
    http.get(`${API}/contest/completed/c-1`, () => apiError(409, 'The contest is not completed (it is active)')),
    http.post(`${API}/contest/get-contest`, () => reply({ contest: makeContest({ status: 'active' }) })),
  );
  renderCompleted();
  expect(await screen.findByText('This contest has not completed')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the contest' })).toHaveAttribute('href', '/contest-detail/c-1');
  expect(toasts()).toEqual([]);
});

it('says a cancelled contest was cancelled, without an error toast', async () => {
  server.use(
    http.get(`${API}/contest/completed/c-1`, () => apiError(409, 'The contest is not completed (it is cancelled)')),
    http.post(`${API}/contest/get-contest`, () => reply({ contest: makeContest({ status: 'cancelled' }) })),
  );
  renderCompleted();
  expect(await screen.findByText('This contest was cancelled')).toBeInTheDocument();
  expect(screen.queryByText('This contest has not completed')).not.toBeInTheDocument();
  expect(screen.queryByText(/Final standings appear/)).not.toBeInTheDocument();
  expect(toasts()).toEqual([]);
});

it('shows an error state with retry for other failures', async () => {
  server.use(http.get(`${API}/contest/completed/c-1`, () => apiError(500, 'Something broke')));
  renderCompleted();
  expect(await screen.findByText('The standings could not be loaded')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(screen.getByText('Something broke')).toBeInTheDocument();
  // The error panel says it; no toast repeats it.
  expect(toasts()).toEqual([]);
});
