import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startUserPool } from '../src/index';
import { REFRESH_TOKENS_PER_USER } from '../src/token-families';
import { parseCount } from '../src/settings';
import { ADDRESS_RATE, SignInThrottle, USER_RATE } from '../src/throttle';
import { callPool, CLIENT_ID, latestCode, newPhone, PASSWORD, peerAt, registeredUser, useTestPool } from './helpers';

// One account, or one address, must not take the pool for itself, and nobody's requests may lock a valid user out.

const pool = useTestPool();

const signIn = (url: string, USERNAME: string, PASSWORD_: string = PASSWORD) =>
  callPool(url, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME, PASSWORD: PASSWORD_ },
  });

const outcome = (answer: Awaited<ReturnType<typeof signIn>>) =>
  answer.body.AuthenticationResult ? 'signed in' : String(answer.body.__type);

/** Runs `use` with peers at the given addresses: clients on other machines. */
async function withPeers(addresses: string[], use: (urls: string[]) => Promise<void>) {
  const peers = await Promise.all(addresses.map((address) => peerAt(pool.pool, address)));
  try {
    await use(peers.map((peer) => peer.url));
  } finally {
    await Promise.all(peers.map((peer) => peer.close()));
  }
}

test('a burst of one account’s sign-ins is throttled, and another user’s sign-in is not', async () => {
  const flooder = await registeredUser(pool.url);
  const other = await registeredUser(pool.url);
  const answers = await Promise.all(Array.from({ length: 30 }, () => signIn(pool.url, flooder)));
  const outcomes = answers.map(outcome);
  expect(outcomes.filter((result) => result === 'signed in').length).toBeLessThanOrEqual(USER_RATE.burst);
  expect(outcomes).toContain('TooManyRequestsException');
  expect(new Set(outcomes)).toEqual(new Set(['signed in', 'TooManyRequestsException']));
  expect(answers.find((answer) => answer.body.__type)?.body.message).toBe(
    'Attempt limit exceeded, please try after some time.',
  );
  expect(outcome(await signIn(pool.url, other))).toBe('signed in');
});

test('spraying names from one address is throttled there; users signed in there before, or elsewhere, are not', async () => {
  const regular = await registeredUser(pool.url);
  const elsewhere = await registeredUser(pool.url);
  await withPeers(['203.0.113.10', '203.0.113.11'], async ([sprayer, other]) => {
    expect(outcome(await signIn(sprayer as string, regular))).toBe('signed in');
    const sprayed = await Promise.all(
      Array.from({ length: ADDRESS_RATE.burst + 10 }, () => signIn(sprayer as string, newPhone(), 'guess 1234')),
    );
    expect(sprayed.map(outcome)).toContain('TooManyRequestsException');
    expect(outcome(await signIn(sprayer as string, regular))).toBe('signed in');
    expect(outcome(await signIn(other as string, elsewhere))).toBe('signed in');
  });
});

test('a stack whose clients all share one address may raise its limits (USER_POOL_ADDRESS_SIGN_IN_BURST, _USER_)', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'user-pool-test-'));
  const raised = await startUserPool({
    port: 0,
    dataDir,
    log: () => {},
    addressSignInBurst: ADDRESS_RATE.burst * 3,
  });
  try {
    const sprayed = await Promise.all(
      Array.from({ length: ADDRESS_RATE.burst + 10 }, () => signIn(raised.url, newPhone(), 'guess 1234')),
    );
    expect(sprayed.map(outcome)).not.toContain('TooManyRequestsException');
  } finally {
    await raised.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // One user signed in again and again from one address: the default burst, then a raised one.
  const attempts = (throttle: SignInThrottle) =>
    Array.from({ length: USER_RATE.burst + 5 }, () => {
      try {
        throttle.admit('+15550001111', '127.0.0.1', true);
        return 'admitted';
      } catch {
        return 'throttled';
      }
    });
  expect(attempts(new SignInThrottle(() => 0))).toContain('throttled');
  expect(
    attempts(new SignInThrottle(() => 0, ADDRESS_RATE, { ...USER_RATE, burst: USER_RATE.burst * 3 })),
  ).not.toContain('throttled');
  expect(parseCount('USER_POOL_ADDRESS_SIGN_IN_BURST', '1000000')).toBe(1_000_000);
  expect(parseCount('USER_POOL_ADDRESS_SIGN_IN_BURST', '')).toBeUndefined();
  for (const bad of ['0', '-5', '1.5', 'many']) expect(() => parseCount('X', bad)).toThrow('X must be a whole number');
});

test('wrong passwords from elsewhere throttle elsewhere, never the owner at their usual address', async () => {
  const owner = await registeredUser(pool.url);
  await withPeers(['198.51.100.20', '203.0.113.30', '203.0.113.31'], async ([home, attacker, stranger]) => {
    expect(outcome(await signIn(home as string, owner))).toBe('signed in');
    for (let guess = 0; guess < 5; guess += 1) {
      expect(outcome(await signIn(attacker as string, owner, `wrong password ${guess}`))).toBe(
        'NotAuthorizedException',
      );
    }
    // The guesser is throttled, right password or not, and so is any address the owner never signed in from…
    expect(outcome(await signIn(attacker as string, owner))).toBe('TooManyRequestsException');
    expect(outcome(await signIn(stranger as string, owner))).toBe('TooManyRequestsException');
    // …but the owner signs in from home, again and again.
    expect(outcome(await signIn(home as string, owner))).toBe('signed in');
    expect(outcome(await signIn(home as string, owner))).toBe('signed in');
    pool.clock.offsetMs = 15 * 60_000 + 1000;
    expect(outcome(await signIn(attacker as string, owner))).toBe('signed in');
  });
});

test('wrong passwords at the usual address throttle it, as Cognito does, until the window passes', async () => {
  const owner = await registeredUser(pool.url);
  await withPeers(['198.51.100.40'], async ([home]) => {
    expect(outcome(await signIn(home as string, owner))).toBe('signed in');
    for (let guess = 0; guess < 5; guess += 1) await signIn(home as string, owner, `wrong password ${guess}`);
    expect(outcome(await signIn(home as string, owner))).toBe('TooManyRequestsException');
    pool.clock.offsetMs = 15 * 60_000 + 1000;
    expect(outcome(await signIn(home as string, owner))).toBe('signed in');
  });
});

test('a user keeps only the newest refresh tokens, however often they sign in', async () => {
  const phone = await registeredUser(pool.url);
  const tokens: string[] = [];
  for (let count = 0; count < REFRESH_TOKENS_PER_USER + 5; count += 1) {
    pool.clock.offsetMs += USER_RATE.refillMs;
    const answer = await signIn(pool.url, phone);
    tokens.push(answer.body.AuthenticationResult.RefreshToken);
  }
  const kept = [...pool.pool.store.state.refreshTokens.values()].filter((record) => record.username === phone);
  expect(kept).toHaveLength(REFRESH_TOKENS_PER_USER);
  const refresh = (RefreshToken: string | undefined) =>
    callPool(pool.url, 'GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken });
  expect((await refresh(tokens.at(-1))).status).toBe(200);
  expect((await refresh(tokens[0])).body.__type).toBe('NotAuthorizedException');
});

test('passwords are hashed off the event loop: scryptSync is never called', async () => {
  const crypto = require('node:crypto') as typeof import('node:crypto');
  const scryptSync = jest.spyOn(crypto, 'scryptSync');
  try {
    const phone = await registeredUser(pool.url);
    expect(outcome(await signIn(pool.url, phone))).toBe('signed in');
    expect(outcome(await signIn(pool.url, phone, 'wrong password'))).toBe('NotAuthorizedException');
    expect(scryptSync).not.toHaveBeenCalled();
  } finally {
    scryptSync.mockRestore();
  }
});

test('changes answered together are written together', async () => {
  const phones = Array.from({ length: 30 }, () => newPhone());
  await Promise.all(
    phones.map((Username) => callPool(pool.url, 'SignUp', { ClientId: CLIENT_ID, Username, Password: PASSWORD })),
  );
  const before = pool.pool.store.writes;
  const resent = await Promise.all(
    phones.map((Username) => callPool(pool.url, 'ResendConfirmationCode', { ClientId: CLIENT_ID, Username })),
  );
  expect(resent.every((answer) => answer.status === 200)).toBe(true);
  expect(pool.pool.store.writes - before).toBeLessThanOrEqual(5);
});

test('nothing answered is lost when the process is killed right after (kill -9)', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'user-pool-test-'));
  // tsx as a loader in the same process (not tsx's CLI, which runs the server in a child of its own): SIGKILL must
  // reach the process that writes the store.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'src', 'server.ts')], {
    env: { ...process.env, USER_POOL_PORT: '0', USER_POOL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let output = '';
    const url = await new Promise<string>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
    });
    const phones = Array.from({ length: 5 }, () => newPhone());
    await Promise.all(
      phones.map(async (Username) => {
        expect((await callPool(url, 'SignUp', { ClientId: CLIENT_ID, Username, Password: PASSWORD })).status).toBe(200);
        const ConfirmationCode = await latestCode(url, Username, 'sign-up');
        const confirmed = await callPool(url, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username, ConfirmationCode });
        expect(confirmed.status).toBe(200);
      }),
    );
    const killed = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await killed;
    const restarted = await startUserPool({ port: 0, dataDir, log: () => {} });
    try {
      for (const phone of phones) expect(outcome(await signIn(restarted.url, phone))).toBe('signed in');
    } finally {
      await restarted.close();
    }
  } finally {
    child.kill('SIGKILL');
    child.stdout.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
