import { createConfig } from '@bullpen/shared/rspack';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      dir: __dirname,
      name: 'remote_contests',
      port: Number(process.env.REMOTE_CONTESTS_PORT ?? 3002),
      title: 'Bullpen · remote-contests',
      exposes: {
    './HomePage': './src/app/pages/home-page.tsx',
    './CreateContestPage': './src/app/pages/create-contest-page.tsx',
    './EditContestPage': './src/app/pages/edit-contest-page.tsx',
    './ContestDetailPage': './src/app/pages/contest-detail-page.tsx',
    './InvitationPage': './src/app/pages/invitation-page.tsx',
    './ContestConfirmedPage': './src/app/pages/contest-confirmed-page.tsx',
    './JoinContestInfoPage': './src/app/pages/join-contest-info-page.tsx',
    './SavePicksPage': './src/app/pages/save-picks-page.tsx',
    './EditPicksPage': './src/app/pages/edit-picks-page.tsx',
    './ConfirmSavePicksPage': './src/app/pages/confirm-save-picks-page.tsx',
    './ContestCompletedPage': './src/app/pages/contest-completed-page.tsx',
      },
    },
    argv,
  );
