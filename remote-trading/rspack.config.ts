import { createConfig } from '@bullpen/shared/rspack';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      dir: __dirname,
      name: 'remote_trading',
      port: Number(process.env.REMOTE_TRADING_PORT ?? 3003),
      title: 'Bullpen · remote-trading',
      exposes: {
    './LiveContestPage': './src/app/pages/live-contest-page.tsx',
    './TradingPage': './src/app/pages/trading-page.tsx',
      },
    },
    argv,
  );
