import path from 'node:path';
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
      // The Authenticator imports `qrcode` for one screen, the authenticator-app setup: it is loaded when that screen
      // draws its code instead of with the sign-in page (about 9 KiB gzip of it, issue #13).
      aliases: { qrcode$: path.join(__dirname, 'src/features/authenticator/services/lazy-qrcode.ts') },
    },
    argv,
  );
