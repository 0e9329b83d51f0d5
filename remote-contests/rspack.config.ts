import { createConfig } from '@bullpen/rspack-config';
import { exposes } from './src/exposes';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      dir: __dirname,
      name: 'remote_contests',
      port: Number(process.env.REMOTE_CONTESTS_PORT ?? 3002),
      title: 'Bullpen · remote-contests',
      exposes,
    },
    argv,
  );
