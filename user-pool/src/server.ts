import { startUserPool } from './index';
import { parseAdmins, parseCount, parseFlag, parseOrigins, SettingError } from './settings';

const mfa = (process.env.USER_POOL_MFA ?? 'OFF').toUpperCase();
if (mfa !== 'OFF' && mfa !== 'OPTIONAL' && mfa !== 'ON') {
  console.error(`[user-pool] USER_POOL_MFA must be OFF or OPTIONAL (or ON), not ${mfa}`);
  process.exit(1);
}

let admins: string[];
let allowNonLoopback: boolean;
let allowedOrigins: string[];
let addressSignInBurst: number | undefined;
let userSignInBurst: number | undefined;
try {
  admins = parseAdmins(process.env.USER_POOL_ADMINS);
  allowedOrigins = parseOrigins(process.env.USER_POOL_ALLOWED_ORIGINS);
  allowNonLoopback = parseFlag('USER_POOL_ALLOW_NON_LOOPBACK', process.env.USER_POOL_ALLOW_NON_LOOPBACK);
  addressSignInBurst = parseCount('USER_POOL_ADDRESS_SIGN_IN_BURST', process.env.USER_POOL_ADDRESS_SIGN_IN_BURST);
  userSignInBurst = parseCount('USER_POOL_USER_SIGN_IN_BURST', process.env.USER_POOL_USER_SIGN_IN_BURST);
} catch (error) {
  console.error(`[user-pool] ${(error as Error).message}`);
  process.exit(1);
}

startUserPool({
  port: Number(process.env.USER_POOL_PORT ?? 9229),
  host: process.env.USER_POOL_HOST || undefined,
  allowNonLoopback,
  dataDir: process.env.USER_POOL_DATA_DIR || undefined,
  mfa,
  admins,
  allowedOrigins,
  ...(addressSignInBurst === undefined ? {} : { addressSignInBurst }),
  ...(userSignInBurst === undefined ? {} : { userSignInBurst }),
  publicUrl: process.env.USER_POOL_PUBLIC_URL || undefined,
})
  .then((running) => {
    console.log(
      `[user-pool] listening on ${running.url} (issuer ${running.issuer}, MFA ${mfa}, outbox ${running.url}/outbox)`,
    );
    if (admins.length > 0) console.log(`[user-pool] admins (group admins once confirmed): ${admins.join(', ')}`);
    const stop = (signal: string) => {
      console.log(`[user-pool] ${signal}: stopping`);
      running.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  })
  .catch((error: unknown) => {
    if (error instanceof SettingError) console.error(`[user-pool] ${error.message}`);
    else console.error('[user-pool] failed to start:', error);
    process.exit(1);
  });
