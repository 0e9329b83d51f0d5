import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startUserPool } from '../src/index';
import { isLoopbackHost } from '../src/loopback';
import { parseFlag } from '../src/settings';

// The pool answers admin and group operations without credentials and shows every code on its outbox: it must not
// listen beyond loopback unless told so on purpose (USER_POOL_ALLOW_NON_LOOPBACK=1 / allowNonLoopback).

let dataDir: string;

beforeEach(() => {
  dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'user-pool-test-')), 'data');
});

afterEach(() => {
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

test('loopback hosts are 127.0.0.0/8, ::1 and localhost; every other host is not', () => {
  for (const host of ['127.0.0.1', '127.0.0.2', '127.255.255.254', '::1', 'localhost', 'LOCALHOST']) {
    expect({ host, loopback: isLoopbackHost(host) }).toEqual({ host, loopback: true });
  }
  for (const host of ['0.0.0.0', '::', '', '10.0.0.5', '192.168.1.2', '::ffff:10.0.0.5', 'example.com', 'localhost.']) {
    expect({ host, loopback: isLoopbackHost(host) }).toEqual({ host, loopback: false });
  }
});

test('startUserPool refuses a non-loopback host before touching anything', async () => {
  for (const host of ['0.0.0.0', '::', '10.0.0.5', 'example.com']) {
    await expect(startUserPool({ port: 0, host, dataDir, log: () => {} })).rejects.toThrow(
      `refusing to listen on "${host}", which is not a loopback address`,
    );
  }
  await expect(startUserPool({ port: 0, host: '0.0.0.0', dataDir })).rejects.toThrow(/USER_POOL_ALLOW_NON_LOOPBACK=1/);
  expect(existsSync(dataDir)).toBe(false);
});

test('loopback hosts start as before', async () => {
  for (const host of [undefined, '127.0.0.1', '127.0.0.2', 'localhost']) {
    const running = await startUserPool({ port: 0, host, dataDir, log: () => {} });
    try {
      expect((await (await fetch(`${running.url}/health`)).json()).ok).toBe(true);
    } finally {
      await running.close();
    }
  }
});

test('allowNonLoopback lets the pool listen on every interface, on purpose', async () => {
  const running = await startUserPool({ port: 0, host: '0.0.0.0', allowNonLoopback: true, dataDir, log: () => {} });
  try {
    const health = await fetch(`http://127.0.0.1:${new URL(running.url).port}/health`);
    expect((await health.json()).ok).toBe(true);
  } finally {
    await running.close();
  }
});

test('USER_POOL_ALLOW_NON_LOOPBACK takes 1/0, true/false, yes/no; anything else is an error', () => {
  expect(parseFlag('X', undefined)).toBe(false);
  expect(parseFlag('X', '')).toBe(false);
  for (const yes of ['1', 'true', 'TRUE', 'yes']) expect(parseFlag('X', yes)).toBe(true);
  for (const no of ['0', 'false', 'no']) expect(parseFlag('X', no)).toBe(false);
  expect(() => parseFlag('USER_POOL_ALLOW_NON_LOOPBACK', 'sure')).toThrow(
    'USER_POOL_ALLOW_NON_LOOPBACK must be 1 or 0 (true or false), not "sure"',
  );
});

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, '..', 'src', 'server.ts')], {
    env: { ...process.env, USER_POOL_PORT: '0', USER_POOL_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    // Should it start after all, stop it: the test then fails on the exit code.
    if (output.includes('listening on')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    child.on('exit', (code) => resolve({ code, output }));
  });
}

test('server.ts exits with 1 and a clear message on a non-loopback USER_POOL_HOST or a bad flag', async () => {
  const refused = await runServer({ USER_POOL_HOST: '0.0.0.0' });
  expect(refused.code).toBe(1);
  expect(refused.output).toContain('[user-pool] refusing to listen on "0.0.0.0", which is not a loopback address');
  expect(refused.output).toContain('USER_POOL_ALLOW_NON_LOOPBACK=1');
  expect(refused.output).not.toContain('    at ');

  const badFlag = await runServer({ USER_POOL_ALLOW_NON_LOOPBACK: 'please' });
  expect(badFlag.code).toBe(1);
  expect(badFlag.output).toContain('USER_POOL_ALLOW_NON_LOOPBACK must be 1 or 0');
});
