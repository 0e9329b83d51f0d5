import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startUserPool, type UserPoolOptions } from '../src/index';
import { parseAdmins } from '../src/settings';
import {
  callPool,
  claimsOf,
  CLIENT_ID,
  latestCode,
  newPhone,
  PASSWORD,
  passwordSignIn,
  POOL_ID,
  refreshedClaims,
  useTestPool,
} from './helpers';

// USER_POOL_ADMINS / the `admins` option: numbers whose users join the group `admins` once confirmed with that number.
const ADMIN_PHONE = newPhone();
const SECOND_ADMIN = newPhone();

const pool = useTestPool({ admins: [ADMIN_PHONE, SECOND_ADMIN] });

const groupsOf = async (url: string, Username: string): Promise<string[]> =>
  (await callPool(url, 'AdminListGroupsForUser', { UserPoolId: POOL_ID, Username })).body.Groups.map(
    (group: { GroupName: string }) => group.GroupName,
  );

/** Another pool on its own data dir, for the duration of `run`. */
async function withPool(options: UserPoolOptions, run: (url: string) => Promise<void>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'user-pool-test-'));
  const running = await startUserPool({ port: 0, dataDir, log: () => {}, ...options });
  try {
    await run(running.url);
  } finally {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signUp(url: string, phone: string, username = phone) {
  const answer = await callPool(url, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: username,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'phone_number', Value: phone }],
  });
  expect(answer.status).toBe(200);
}

async function confirm(url: string, phone: string, username = phone) {
  const ConfirmationCode = await latestCode(url, phone, 'sign-up');
  expect(
    (await callPool(url, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: username, ConfirmationCode })).status,
  ).toBe(200);
}

test('a listed number joins admins when its sign-up is confirmed, not before', async () => {
  await signUp(pool.url, ADMIN_PHONE);
  expect(await groupsOf(pool.url, ADMIN_PHONE)).toEqual([]);
  await confirm(pool.url, ADMIN_PHONE);
  expect(await groupsOf(pool.url, ADMIN_PHONE)).toEqual(['admins']);
  const tokens = await passwordSignIn(pool.url, ADMIN_PHONE);
  expect(claimsOf(tokens.IdToken)['cognito:groups']).toEqual(['admins']);
  expect(claimsOf(tokens.AccessToken)['cognito:groups']).toEqual(['admins']);
});

test('a user who changes phone_number to a listed number does not become an admin', async () => {
  // User B signs up with their own number and confirms it…
  const own = newPhone();
  await signUp(pool.url, own);
  await confirm(pool.url, own);
  const signedIn = await passwordSignIn(pool.url, own);
  // …then claims the admin's number, and even gets the verification code from the (local, open) outbox.
  const updated = await callPool(pool.url, 'UpdateUserAttributes', {
    AccessToken: signedIn.AccessToken,
    UserAttributes: [{ Name: 'phone_number', Value: SECOND_ADMIN }],
  });
  expect(updated.status).toBe(200);
  const verified = await callPool(pool.url, 'VerifyUserAttribute', {
    AccessToken: signedIn.AccessToken,
    AttributeName: 'phone_number',
    Code: await latestCode(pool.url, SECOND_ADMIN, 'verify-phone_number'),
  });
  expect(verified.status).toBe(200);

  const refreshed = await refreshedClaims(pool.url, signedIn.RefreshToken);
  for (const claims of [...refreshed.id, ...refreshed.access]) expect(claims).not.toHaveProperty('cognito:groups');
  expect(refreshed.id[1]).toMatchObject({ phone_number: SECOND_ADMIN, phone_number_verified: true });
  const again = await passwordSignIn(pool.url, own);
  expect(claimsOf(again.IdToken)).not.toHaveProperty('cognito:groups');
  expect(await groupsOf(pool.url, own)).toEqual([]);

  // Nor at the next start-up, which adds confirmed users with a listed number.
  const restarted = await startUserPool({ port: 0, dataDir: pool.dataDir, admins: [SECOND_ADMIN], log: () => {} });
  try {
    expect(await groupsOf(restarted.url, own)).toEqual([]);
  } finally {
    await restarted.close();
  }
});

test('the number that counts is the one the sign-up code went to, whatever the user name', async () => {
  // A user name that is the admin's number proves nothing: the code went to the attacker's own phone.
  const own = newPhone();
  const other = newPhone();
  await withPool({ admins: [other] }, async (url) => {
    await signUp(url, own, other);
    await confirm(url, own, other);
    expect(await groupsOf(url, other)).toEqual([]);
  });
});

test('a second account confirming the admin’s number does not become an admin, then or at a restart', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'user-pool-test-'));
  const listed = newPhone();
  try {
    const first = await startUserPool({ port: 0, dataDir, admins: [listed], log: () => {} });
    await signUp(first.url, listed);
    await confirm(first.url, listed);
    expect(await groupsOf(first.url, listed)).toEqual(['admins']);
    // Another user name with the same number, confirmed with the code from the (local, open) outbox…
    await signUp(first.url, listed, 'mallory');
    await confirm(first.url, listed, 'mallory');
    expect(await groupsOf(first.url, 'mallory')).toEqual([]);
    expect(claimsOf((await passwordSignIn(first.url, 'mallory')).IdToken)).not.toHaveProperty('cognito:groups');
    // …or confirmed by an operator, or created by one with that number.
    await signUp(first.url, listed, 'trudy');
    expect((await callPool(first.url, 'AdminConfirmSignUp', { UserPoolId: POOL_ID, Username: 'trudy' })).status).toBe(
      200,
    );
    await callPool(first.url, 'AdminCreateUser', {
      UserPoolId: POOL_ID,
      Username: 'oscar',
      TemporaryPassword: 'temporary1',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'phone_number', Value: listed }],
    });
    for (const name of ['trudy', 'oscar'])
      expect({ name, groups: await groupsOf(first.url, name) }).toEqual({ name, groups: [] });
    await first.close();

    const second = await startUserPool({ port: 0, dataDir, admins: [listed], log: () => {} });
    try {
      expect(await groupsOf(second.url, listed)).toEqual(['admins']);
      for (const name of ['mallory', 'trudy', 'oscar']) {
        expect({ name, groups: await groupsOf(second.url, name) }).toEqual({ name, groups: [] });
      }
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a data file where two accounts hold one listed number promotes only the first of them at start-up', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'user-pool-test-'));
  const listed = newPhone();
  try {
    const first = await startUserPool({ port: 0, dataDir, log: () => {} });
    await signUp(first.url, listed);
    await confirm(first.url, listed);
    await signUp(first.url, listed, 'mallory');
    await confirm(first.url, listed, 'mallory');
    await first.close();
    // As a pool that recorded the number for both wrote it.
    const file = path.join(dataDir, 'pool.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.users.mallory.confirmedPhone = listed;
    writeFileSync(file, JSON.stringify(json));

    const second = await startUserPool({ port: 0, dataDir, admins: [listed], log: () => {} });
    try {
      expect(await groupsOf(second.url, listed)).toEqual(['admins']);
      expect(await groupsOf(second.url, 'mallory')).toEqual([]);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('AdminCreateUser and AdminConfirmSignUp add a listed number too; unlisted numbers stay out', async () => {
  const created = await callPool(pool.url, 'AdminCreateUser', {
    UserPoolId: POOL_ID,
    Username: SECOND_ADMIN,
    TemporaryPassword: 'temporary1',
    MessageAction: 'SUPPRESS',
    UserAttributes: [{ Name: 'phone_number', Value: SECOND_ADMIN }],
  });
  expect(created.status).toBe(200);
  expect(await groupsOf(pool.url, SECOND_ADMIN)).toEqual(['admins']);

  const unlisted = newPhone();
  await callPool(pool.url, 'AdminCreateUser', {
    UserPoolId: POOL_ID,
    Username: unlisted,
    TemporaryPassword: 'temporary1',
    MessageAction: 'SUPPRESS',
    UserAttributes: [{ Name: 'phone_number', Value: unlisted }],
  });
  expect(await groupsOf(pool.url, unlisted)).toEqual([]);

  // AdminConfirmSignUp, on a pool that lists a number nobody has used yet.
  const listed = newPhone();
  await withPool({ admins: [listed] }, async (url) => {
    await signUp(url, listed);
    const confirmed = await callPool(url, 'AdminConfirmSignUp', { UserPoolId: POOL_ID, Username: listed });
    expect(confirmed.status).toBe(200);
    expect(await groupsOf(url, listed)).toEqual(['admins']);
  });
});

test('at start-up, users confirmed earlier with a number now listed join admins', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'user-pool-test-'));
  try {
    const phone = newPhone();
    const unconfirmed = newPhone();
    const first = await startUserPool({ port: 0, dataDir, log: () => {} });
    await signUp(first.url, phone);
    await confirm(first.url, phone);
    await signUp(first.url, unconfirmed);
    const { RefreshToken } = await passwordSignIn(first.url, phone);
    expect(await groupsOf(first.url, phone)).toEqual([]);
    await first.close();

    const second = await startUserPool({ port: 0, dataDir, admins: [phone, unconfirmed], log: () => {} });
    try {
      expect(await groupsOf(second.url, phone)).toEqual(['admins']);
      expect(await groupsOf(second.url, unconfirmed)).toEqual([]);
      // A refresh of the earlier sign-in now carries the claim.
      const refreshed = await refreshedClaims(second.url, RefreshToken);
      expect(refreshed.id[0]?.['cognito:groups']).toEqual(['admins']);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a data file from before groups loads; its users count only with the number that is still their name', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'user-pool-test-'));
  try {
    const kept = newPhone();
    const changed = newPhone();
    const listed = newPhone();
    const first = await startUserPool({ port: 0, dataDir, log: () => {} });
    for (const phone of [kept, changed]) {
      await signUp(first.url, phone);
      await confirm(first.url, phone);
    }
    const { AccessToken, RefreshToken } = await passwordSignIn(first.url, changed);
    await callPool(first.url, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'phone_number', Value: listed }],
    });
    await callPool(first.url, 'VerifyUserAttribute', {
      AccessToken,
      AttributeName: 'phone_number',
      Code: await latestCode(first.url, listed, 'verify-phone_number'),
    });
    await first.close();

    // Rewrite the file as the previous version wrote it: no version, no groups, nothing recorded at confirmation.
    const file = path.join(dataDir, 'pool.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    delete json.version;
    delete json.groups;
    for (const user of Object.values(json.users) as Record<string, unknown>[]) {
      delete user.confirmedPhone;
      delete user.groups;
      for (const code of Object.values(user.codes as Record<string, Record<string, unknown>>)) delete code.destination;
    }
    writeFileSync(file, JSON.stringify(json));

    const second = await startUserPool({ port: 0, dataDir, admins: [kept, listed], log: () => {} });
    try {
      expect(await groupsOf(second.url, kept)).toEqual(['admins']);
      expect(await groupsOf(second.url, changed)).toEqual([]);
      // Everything else of the old file still works: users, their passwords and refresh tokens.
      const refreshed = await refreshedClaims(second.url, RefreshToken);
      expect(refreshed.id[0]).toMatchObject({ 'cognito:username': changed, phone_number: listed });
      expect(refreshed.id[0]).not.toHaveProperty('cognito:groups');
      expect(claimsOf((await passwordSignIn(second.url, kept)).IdToken)['cognito:groups']).toEqual(['admins']);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('USER_POOL_ADMINS is parsed and checked', () => {
  expect(parseAdmins(undefined)).toEqual([]);
  expect(parseAdmins('')).toEqual([]);
  expect(parseAdmins(' +15555550123 , +447700900123,,+15555550123 ')).toEqual(['+15555550123', '+447700900123']);
  for (const bad of ['15555550123', '+1 555 555 0123', '+15555550123;+15555550124', 'admin', '+0123456']) {
    expect(() => parseAdmins(bad)).toThrow(/USER_POOL_ADMINS must list E\.164 phone numbers/);
  }
});

test('startUserPool refuses admins that are not E.164 numbers', async () => {
  await expect(startUserPool({ port: 0, dataDir: pool.dataDir, admins: ['5555550123'] })).rejects.toThrow(
    /admins must list E\.164 phone numbers/,
  );
});

/** Runs server.ts as `npm start` does, and resolves with its exit code and output once it exits. */
function runServer(env: Record<string, string>, untilOutput?: RegExp) {
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, '..', 'src', 'server.ts')], {
    env: { ...process.env, USER_POOL_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (untilOutput?.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

test('server.ts: a bad USER_POOL_ADMINS stops start-up with a message naming it; a good one is used', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'user-pool-test-'));
  try {
    const bad = await runServer({ USER_POOL_DATA_DIR: dataDir, USER_POOL_ADMINS: '+15555550123,5555550124' });
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('USER_POOL_ADMINS must list E.164 phone numbers');
    expect(bad.output).toContain('"5555550124"');

    const good = await runServer(
      { USER_POOL_DATA_DIR: dataDir, USER_POOL_ADMINS: '+15555550123, +15555550124' },
      /admins \(group admins once confirmed\)/,
    );
    expect(good.output).toContain('[user-pool] listening on http://127.0.0.1:');
    expect(good.output).toContain('+15555550123, +15555550124');
    expect(JSON.parse(readFileSync(path.join(dataDir, 'pool.json'), 'utf8')).groups).toHaveProperty('admins');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
