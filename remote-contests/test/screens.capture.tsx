// Not a test: run with --testMatch '**/screens.capture.tsx' to write each screen's rendered HTML for screenshots.
import { screen } from '@testing-library/react';
import { writeFileSync } from 'node:fs';
import type { ReactElement } from 'react';
import type { Equity } from '@bullpen/contract';
import ConfirmSavePicksPage from '../src/app/pages/confirm-save-picks-page';
import ContestCompletedPage from '../src/app/pages/contest-completed-page';
import ContestConfirmedPage from '../src/app/pages/contest-confirmed-page';
import ContestDetailPage from '../src/app/pages/contest-detail-page';
import CreateContestPage from '../src/app/pages/create-contest-page';
import EditContestPage from '../src/app/pages/edit-contest-page';
import HomePage from '../src/app/pages/home-page';
import InvitationPage from '../src/app/pages/invitation-page';
import JoinContestInfoPage from '../src/app/pages/join-contest-info-page';
import SavePicksPage from '../src/app/pages/save-picks-page';
import { API, http, reply, server } from './api-mock';
import { EQUITIES, makeContest, makeContestUser, makeStandings, makeTeams, ME } from './fixtures';
import { renderPage, resetStores, signIn, signOut } from './render';

const OUT = process.env.SHOTS_DIR ?? '/tmp/bpc-shots';
const contest = makeContest({
  name: 'Spring Sprint Invitational',
  description: 'Five picks, one week. Winner buys the coffee.',
  picksCount: 3,
  affiliations: ['Bulls', 'Bears'],
  isTeamCollaboration: true,
  participantsCount: 7,
});
const more = [
  ...EQUITIES,
  ...[
    'NVDA:NVIDIA Corporation:Technology:875.28:0.031',
    'KO:Coca-Cola Company:Consumer Staples:61.02:-0.003',
    'UNH:UnitedHealth Group:Health Care:492.11:0.009',
    'TSLA:Tesla, Inc.:Consumer Discretionary:174.6:-0.042',
  ].map((s) => {
    const [symbol, name, sector, price, changePct] = s.split(':') as [string, string, string, string, string];
    return { ...(EQUITIES[0] as Equity), symbol, name, sector, price: Number(price), changePct: Number(changePct) };
  }),
];

function serveAll() {
  server.use(
    http.post(`${API}/contest/get-contest`, () => reply({ contest })),
    http.get(`${API}/contest-user/c-1`, () =>
      reply({
        data: makeContestUser({
          joined: true,
          picks: ['AAPL', 'MSFT', 'XOM'],
          affiliation: 'Bears',
          joinedAt: new Date().toISOString(),
        }),
      }),
    ),
    http.post(`${API}/equity/get-equities`, () => reply({ equities: more })),
    http.get(`${API}/contest/active`, () =>
      reply({
        contests: [
          {
            ...makeContest({ _id: 'l1', name: 'Tech Titans Weekly', status: 'active', participantsCount: 12 }),
            rank: 2,
            returnPct: 0.0345,
          },
          { ...makeContest({ _id: 'l2', name: 'Energy Crisis Cup', status: 'active' }), rank: 9, returnPct: -0.0121 },
        ],
      }),
    ),
    http.get(`${API}/contest/upcoming`, () =>
      reply({
        contests: [
          { ...contest, joined: true },
          makeContest({ _id: 'u2', name: 'Dividend Derby', participantsCount: 1, maxParticipants: 10 }),
          makeContest({
            _id: 'u3',
            name: 'Small Caps Showdown with a rather long name',
            participantsCount: 44,
            maxParticipants: 100,
            picksCount: 8,
            startingCash: 1_000_000,
          }),
        ],
      }),
    ),
    http.get(`${API}/contest/completed`, () =>
      reply({
        contests: [
          { ...makeContest({ _id: 'd1', name: 'Winter Warmup', status: 'completed' }), rank: 1, returnPct: 0.082 },
        ],
      }),
    ),
    http.get(`${API}/contest/completed/c-1`, () =>
      reply({
        contest: { ...contest, status: 'completed' },
        standings: makeStandings(),
        teams: makeTeams(),
        total: makeStandings().length,
        asOf: new Date().toISOString(),
      }),
    ),
  );
}

const screens: [string, ReactElement, string, string, string, (() => void)?][] = [
  ['home', <HomePage key="h" />, '/home', '/home', 'Tech Titans Weekly'],
  ['create-contest', <CreateContestPage key="c" />, '/create-contest', '/create-contest', 'Create a contest'],
  [
    'edit-contest',
    <EditContestPage key="e" />,
    '/edit-contest/:contestId',
    '/edit-contest/c-1',
    'Save changes',
    () => signIn({ ...ME, role: 'admin' }),
  ],
  [
    'contest-confirmed',
    <ContestConfirmedPage key="cc" />,
    '/contest-confirmed/:contestId',
    '/contest-confirmed/c-1',
    'Your contest is ready',
  ],
  ['invitation', <InvitationPage key="i" />, '/invitation/:contestId', '/invitation/c-1', 'Pass it on'],
  [
    'join-contest-info',
    <JoinContestInfoPage key="j" />,
    '/join-contest-info/:contestId',
    '/join-contest-info/c-1',
    'Sign up to join',
    signOut,
  ],
  ['contest-detail', <ContestDetailPage key="d" />, '/contest-detail/:contestId', '/contest-detail/c-1', 'Your picks'],
  [
    'save-picks',
    <SavePicksPage key="s" />,
    '/save-picks/:contestId',
    '/save-picks/c-1',
    'Choose 3 stocks',
    () => server.use(http.get(`${API}/contest-user/c-1`, () => reply({ data: makeContestUser() }))),
  ],
  [
    'confirm-save-picks',
    <ConfirmSavePicksPage key="cf" />,
    '/confirm-save-picks/:contestId',
    '/confirm-save-picks/c-1',
    'Planned allocation',
    () =>
      sessionStorage.setItem(
        'bullpen:picks-draft:c-1',
        JSON.stringify({ contestId: 'c-1', mode: 'join', picks: ['AAPL', 'MSFT', 'NVDA'], affiliation: 'Bears' }),
      ),
  ],
  [
    'contest-completed',
    <ContestCompletedPage key="cp" />,
    '/contest-completed/:contestId',
    '/contest-completed/c-1',
    'Podium',
  ],
];

for (const [name, element, pattern, path, waitFor, before] of screens) {
  it(`captures ${name}`, async () => {
    resetStores();
    signIn();
    serveAll();
    before?.();
    const view = renderPage(element, { pattern, path });
    await screen.findAllByText(waitFor);
    const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">${document.head.innerHTML}<style>body{margin:0;background:#0d1117;}</style></head><body>${view.container.innerHTML}</body></html>`;
    writeFileSync(`${OUT}/${name}.html`, html);
    view.unmount();
  });
}
