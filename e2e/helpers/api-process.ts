// An API of a journey's own, as a separate process it can stop, kill and start again on the same port and data:
// what an operator's restart or a crash does to the real one. It trusts the stack's user pool, so the journey's
// users sign in as usual.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { stack } from './index';

const ROOT = path.resolve(__dirname, '..', '..');

export interface ApiProcess {
  url: string;
  /** Starts it (again); resolves once /health answers. */
  start(): Promise<void>;
  /** Stops it: SIGTERM lets it finish what it acknowledged, SIGKILL is a crash. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export interface ApiProcessOptions {
  port: number;
  dataDir: string;
  /** Settings on top of the stack's (a market feed, contest rules…). */
  env?: Record<string, string>;
  /** Modules run before the server, each as `node --import` (e2e/helpers/shift-clock.mjs, say). */
  preloads?: string[];
}

export function apiProcess({ port, dataDir, env = {}, preloads = [] }: ApiProcessOptions): ApiProcess {
  const { app, pool, config } = stack();
  const url = `http://localhost:${port}`;
  let child: ChildProcess | null = null;

  return {
    url,
    async start() {
      // tsx as a loader, not its CLI: the CLI runs the server in a child of its own, which a SIGKILL would miss.
      const started = spawn(
        process.execPath,
        [
          ...preloads.flatMap((preload) => ['--import', preload]),
          '--import',
          'tsx',
          path.join(ROOT, 'api', 'src', 'server.ts'),
        ],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            PORT: String(port),
            API_DATA_DIR: dataDir,
            AUTH_ISSUER: `${pool}/${config.auth.userPoolId}`,
            AUTH_CLIENT_ID: config.auth.userPoolClientId,
            CORS_ORIGINS: new URL(app).origin,
            LOG_LEVEL: 'warn',
            ...env,
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      child = started;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (started.exitCode !== null) throw new Error(`the API on port ${port} exited with ${started.exitCode}`);
        const healthy = await fetch(`${url}/health`)
          .then((response) => response.ok)
          .catch(() => false);
        if (healthy) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`the API on port ${port} did not become healthy in 60 s`);
    },
    async stop(signal = 'SIGTERM') {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = once(running, 'exit');
      running.kill(signal);
      await exited;
    },
  };
}
