import { createConfig } from '@bullpen/shared/rspack';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      dir: __dirname,
      name: 'remote_auth',
      port: Number(process.env.REMOTE_AUTH_PORT ?? 3001),
      title: 'Bullpen · remote-auth',
      exposes: {
    './AuthPage': './src/app/pages/auth-page.tsx',
    './SignOutButton': './src/app/pages/sign-out-button.tsx',
      },
    },
    argv,
  );
