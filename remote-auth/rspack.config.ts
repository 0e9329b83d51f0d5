import { createConfig } from '@bullpen/shared/rspack';
import { exposes } from './src/exposes';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      dir: __dirname,
      name: 'remote_auth',
      port: Number(process.env.REMOTE_AUTH_PORT ?? 3001),
      title: 'Bullpen · remote-auth',
      exposes,
    },
    argv,
  );
