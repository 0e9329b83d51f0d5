import { buildApp } from './app';
import { type AppConfig, ConfigError, loadConfig } from './config';

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({
    config,
    startClock: true,
    logger: { level: config.logLevel },
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: config.databaseUrl ? 'postgres' : `pglite:${config.dataDir}`, tickMs: config.market.tickMs },
    `Bullpen API on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (docs at /docs)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
