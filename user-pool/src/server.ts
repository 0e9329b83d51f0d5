import { startUserPool } from './index';

const mfa = (process.env.USER_POOL_MFA ?? 'OFF').toUpperCase();
if (mfa !== 'OFF' && mfa !== 'OPTIONAL' && mfa !== 'ON') {
  console.error(`[user-pool] USER_POOL_MFA must be OFF or OPTIONAL (or ON), not ${mfa}`);
  process.exit(1);
}

startUserPool({
  port: Number(process.env.USER_POOL_PORT ?? 9229),
  host: process.env.USER_POOL_HOST ?? '127.0.0.1',
  dataDir: process.env.USER_POOL_DATA_DIR || undefined,
  mfa,
  publicUrl: process.env.USER_POOL_PUBLIC_URL || undefined,
})
  .then((running) => {
    console.log(
      `[user-pool] listening on ${running.url} (issuer ${running.issuer}, MFA ${mfa}, outbox ${running.url}/outbox)`,
    );
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
    console.error('[user-pool] failed to start:', error);
    process.exit(1);
  });
