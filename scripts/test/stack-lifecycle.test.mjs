// The stack (`npm start`, scripts/start.mjs + scripts/lib/stack.mjs) on spare ports, with the real user pool and API:
// whatever ends it — a setting the API refuses at start-up, a signal during start-up, a part that stops after
// start-up — ends every process it started, so no port is left taken.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { APPS, ROOT, settingsFrom, startStack } from '../lib/stack.mjs';

// Each case starts the pool and the API with tsx, on two cores shared with others.
jest.setTimeout(180_000);

const base = mkdtempSync(path.join(os.tmpdir(), 'stack-lifecycle-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** `count` ports nothing listens on right now. */
async function sparePorts(count) {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const probe = net.createServer();
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => probe.address().port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

/** The stack's settings as environment variables, every port a spare one, its data in a folder of its own. */
async function stackEnv(name) {
  const ports = await sparePorts(APPS.length + 2);
  const env = Object.fromEntries(APPS.map((app, index) => [app.portEnv, String(ports[index])]));
  env.API_PORT = String(ports[APPS.length]);
  env.USER_POOL_PORT = String(ports[APPS.length + 1]);
  env.DATA_DIR = path.join(base, name);
  return { env, ports };
}

const listening = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The ports among `ports` something still listens on. */
async function taken(ports) {
  const answers = await Promise.all(ports.map(listening));
  return ports.filter((_, index) => answers[index]);
}

async function until(condition, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `npm start` without the build, as a process of its own; resolves with its exit and what it printed. */
function npmStart(env) {
  const { NODE_ENV: _jest, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build'], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, output })));
  return { child, exit };
}

describe('npm start', () => {
  it('exits non-zero with the API message when the API refuses a setting, leaving no process behind', async () => {
    const { env, ports } = await stackEnv('refused');
    const { exit } = npmStart({ ...env, MARKET_TICK_MS: '-1' });
    const { code, output } = await exit;
    expect(code).toBe(1);
    expect(output).toContain('Invalid setting MARKET_TICK_MS="-1"');
    expect(output).toMatch(/\[start\] api stopped while starting \(exit 1\)/);
    // The user pool had started first: it is gone too.
    expect(await taken(ports)).toEqual([]);
  });

  it('stops what it has started when it gets SIGTERM during start-up', async () => {
    const { env, ports } = await stackEnv('interrupted');
    const { child, exit } = npmStart(env);
    // The pool answers first; the API is still starting after it.
    await until(() => listening(Number(env.USER_POOL_PORT)));
    child.kill('SIGTERM');
    const { code, signal } = await exit;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(await taken(ports)).toEqual([]);
  });
});

describe('startStack', () => {
  const INDEX = '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';

  it('stops every other part when one stops after start-up, then rejects `died`', async () => {
    const { env, ports } = await stackEnv('died');
    const dists = {};
    for (const app of APPS) {
      dists[app.key] = path.join(base, 'died-dist', app.dir);
      mkdirSync(dists[app.key], { recursive: true });
      writeFileSync(path.join(dists[app.key], 'index.html'), INDEX);
    }
    const stack = await startStack({
      settings: settingsFrom(env),
      build: false,
      dists,
      quiet: true,
      log: () => undefined,
    });
    try {
      expect(await taken(ports)).toEqual(ports);
      const pool = stack.processes.find((part) => part.label === 'user-pool');
      process.kill(pool.pid, 'SIGTERM');
      await expect(stack.died).rejects.toThrow(/user-pool stopped unexpectedly/);
      expect(await taken(ports)).toEqual([]);
    } finally {
      await stack.stop();
    }
  });
});
