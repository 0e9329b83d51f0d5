import { createConfig } from '@bullpen/rspack-config';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig({ dir: __dirname, name: 'host', port: Number(process.env.HOST_PORT ?? 3000), title: 'Bullpen' }, argv);
