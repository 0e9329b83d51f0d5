import { createConfig } from '@bullpen/shared/rspack';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      dir: __dirname,
      name: 'remote_profile',
      port: Number(process.env.REMOTE_PROFILE_PORT ?? 3004),
      title: 'Bullpen · remote-profile',
      exposes: {
    './OnboardingPage': './src/app/pages/onboarding-page.tsx',
    './ProfilePage': './src/app/pages/profile-page.tsx',
    './EditProfilePage': './src/app/pages/edit-profile-page.tsx',
      },
    },
    argv,
  );
