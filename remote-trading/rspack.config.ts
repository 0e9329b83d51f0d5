import { createConfig } from '@bullpen/rspack-config';
import { exposes } from './src/exposes';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      dir: __dirname,
      name: 'remote_trading',
      port: Number(process.env.REMOTE_TRADING_PORT ?? 3003),
      title: 'Bullpen · remote-trading',
      exposes,
    },
    argv,
  );
