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
      // The Authenticator's authenticator-app (TOTP) setup draws its QR code with `qrcode` (about 20 KiB gzip of the
      // sign-in page, issue #13). MFA is off in this pool (SPEC §3, DESIGN §7), so that screen is never shown; were it
      // ever reached, the Authenticator catches the failure and the secret key is still shown to copy.
      unreachable: ['qrcode'],
    },
    argv,
  );
