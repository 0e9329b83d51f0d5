import { createConfig } from '@bullpen/rspack-config';
import { exposes } from './src/exposes';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      dir: __dirname,
      name: 'remote_profile',
      port: Number(process.env.REMOTE_PROFILE_PORT ?? 3004),
      title: 'Bullpen · remote-profile',
      exposes,
    },
    argv,
  );
