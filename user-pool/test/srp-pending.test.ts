import { randomBytes } from 'node:crypto';
import { SRP_PENDING_PER_USER } from '../src/srp-sign-ins';
import { fromHex, g, modPow, N } from '../src/srp';
import { callPool, CLIENT_ID, peerAt, registeredUser, startTestPool, type TestPool } from './helpers';

// Started SRP sign-ins live in memory until answered: what a caller sends must be bounded, and what nobody finishes
// must go on its own.

let pool: TestPool;

beforeAll(async () => {
  pool = await startTestPool({ sweepIntervalMs: 20 });
});

afterAll(async () => {
  await pool.stop();
});

afterEach(() => {
  pool.clock.offsetMs = 0;
});

const clientA = () => modPow(g, fromHex(randomBytes(32).toString('hex')), N).toString(16);

const startSrp = (USERNAME: string, SRP_A: string, url = pool.url) =>
  callPool(url, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME, SRP_A },
  });

test('SRP_A must be a bounded hex number that is not 0 mod N; nothing is kept for a refused one', async () => {
  const phone = await registeredUser(pool.url);
  const before = pool.pool.srpPending.size;
  const huge = `1${'0'.repeat(100_000)}`;
  for (const SRP_A of [huge, `1${'0'.repeat(1024)}`, '0', '000', N.toString(16), (N * 2n).toString(16), 'xyz', '-1']) {
    const answer = await startSrp(phone, SRP_A);
    expect({ length: SRP_A.length, type: answer.body.__type }).toEqual({
      length: SRP_A.length,
      type: 'InvalidParameterException',
    });
  }
  expect(pool.pool.srpPending.size).toBe(before);
  // Leading zeros within the bound, as a client padding to N's length sends them, are fine.
  const padded = await startSrp(phone, clientA().padStart(770, '0'));
  expect(padded.body.ChallengeName).toBe('PASSWORD_VERIFIER');
});

test('a user’s started sign-ins are bounded: the oldest go first', async () => {
  const phone = await registeredUser(pool.url);
  const blocks: string[] = [];
  // From three addresses, so that the sign-in rate limit (per user and address) does not stop the starts first.
  const peers = await Promise.all(['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((a) => peerAt(pool.pool, a)));
  try {
    for (let start = 0; start < SRP_PENDING_PER_USER + 5; start += 1) {
      const answer = await startSrp(phone, clientA(), peers[start % peers.length]?.url);
      expect(answer.body.ChallengeName).toBe('PASSWORD_VERIFIER');
      blocks.push(answer.body.ChallengeParameters.SECRET_BLOCK);
    }
  } finally {
    await Promise.all(peers.map((peer) => peer.close()));
  }
  const kept = [...pool.pool.srpPending].filter(([, pending]) => pending.username === phone).map(([id]) => id);
  expect(kept.length).toBeLessThanOrEqual(SRP_PENDING_PER_USER);
  expect(kept).toContain(blocks.at(-1));
  expect(kept).not.toContain(blocks[0]);
});

test('expired sign-ins and sessions are forgotten on a timer, without anyone signing in', async () => {
  expect(pool.pool.sweeping).toEqual({ active: true, keepsProcessAlive: false });
  const phone = await registeredUser(pool.url);
  await startSrp(phone, clientA());
  expect([...pool.pool.srpPending.values()].some((pending) => pending.username === phone)).toBe(true);
  pool.clock.offsetMs = 6 * 60_000;
  for (let wait = 0; wait < 200 && pool.pool.srpPending.size + pool.pool.sessions.size > 0; wait += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(pool.pool.srpPending.size).toBe(0);
  expect(pool.pool.sessions.size).toBe(0);
});
