// The local user pool and the API, as much of e2e/helpers as this bench needs: an active user in a live contest and
// the browser session that signs them in.
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext } from 'playwright-core';
import { cognitoCall } from '../../scripts/lib/cognito.cjs';
import type { Stack } from './stack';

export interface BenchUser {
  phone: string;
  password: string;
  tokens: { idToken: string; accessToken: string; refreshToken: string };
}

function cognito<T>(stack: Stack, operation: string, body: unknown): Promise<T> {
  return cognitoCall(stack.urls.pool, operation, body) as Promise<T>;
}

async function callApi<T>(
  stack: Stack,
  method: 'GET' | 'POST',
  route: string,
  user?: BenchUser,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${stack.urls.api}${route}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(user ? { authorization: user.tokens.idToken } : {}),
    },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const data = (await response.json().catch(() => ({}))) as T & { errMessage?: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${data.errMessage ?? ''}`);
  return data;
}

/** Signs up, confirms with the code from the pool's outbox, signs in and finishes onboarding: an active user. */
async function createActiveUser(stack: Stack, callSign: string): Promise<BenchUser> {
  const clientId = stack.config.auth.userPoolClientId;
  const phone = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const password = 'bench-horse-9';
  await cognito(stack, 'SignUp', {
    ClientId: clientId,
    Username: phone,
    Password: password,
    UserAttributes: [{ Name: 'phone_number', Value: phone }],
  });
  const outbox = (await (await fetch(`${stack.urls.pool}/outbox.json?phone=${encodeURIComponent(phone)}`)).json()) as {
    code: string;
  }[];
  const code = outbox.at(-1)?.code;
  if (!code) throw new Error(`no confirmation code for ${phone} in the outbox`);
  await cognito(stack, 'ConfirmSignUp', { ClientId: clientId, Username: phone, ConfirmationCode: code });
  const { AuthenticationResult: result } = await cognito<{
    AuthenticationResult: { IdToken: string; AccessToken: string; RefreshToken: string };
  }>(stack, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: phone, PASSWORD: password },
  });
  const user: BenchUser = {
    phone,
    password,
    tokens: { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken },
  };
  await callApi(stack, 'POST', '/user/get-user', user);
  await callApi(stack, 'POST', '/user/initialize-user', user, {
    callSign,
    ticker: callSign,
    displayName: `Bench ${callSign}`,
  });
  return user;
}

/** A real session where Amplify keeps it (the host origin's localStorage), written before the app starts. */
export async function signIn(context: BrowserContext, stack: Stack, user: BenchUser) {
  const claims = JSON.parse(Buffer.from(user.tokens.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    username?: string;
  };
  const username = claims.username ?? user.phone;
  const prefix = `CognitoIdentityServiceProvider.${stack.config.auth.userPoolClientId}`;
  const values: Record<string, string> = {
    [`${prefix}.LastAuthUser`]: username,
    [`${prefix}.${username}.idToken`]: user.tokens.idToken,
    [`${prefix}.${username}.accessToken`]: user.tokens.accessToken,
    [`${prefix}.${username}.refreshToken`]: user.tokens.refreshToken,
    [`${prefix}.${username}.clockDrift`]: '0',
  };
  await context.addInitScript(
    ({ origin, entries }) => {
      if (window.location.origin !== origin || sessionStorage.getItem('bench-seeded')) return;
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      sessionStorage.setItem('bench-seeded', '1');
    },
    { origin: new URL(stack.urls.app).origin, entries: values },
  );
}

// --- seed ------------------------------------------------------------------------------------------------------

const contestBody = (name: string, startsAt: number, endsAt: number) => ({
  name,
  description: 'Seeded by bench/web.',
  startsAt: new Date(startsAt).toISOString(),
  endsAt: new Date(endsAt).toISOString(),
  picksCount: 2,
  startingCash: 10_000,
  maxParticipants: 20,
  visibility: 'public',
  affiliations: [],
  isTeamCollaboration: false,
});

/** One active user in one LIVE contest (with a rival) and three upcoming ones; returns the user and the live id. */
export async function seed(stack: Stack): Promise<{ user: BenchUser; liveId: string }> {
  const user = await createActiveUser(stack, `B${randomInt(100_000, 999_999)}`);
  const rival = await createActiveUser(stack, `R${randomInt(100_000, 999_999)}`);
  const day = 86_400_000;
  // The API runs with CONTEST_MIN_LEAD_S=2: the contest starts 6 s from now and the clock's next tick makes it live.
  const startsAt = Date.now() + 6_000;
  const live = await callApi<{ data: { _id: string } }>(
    stack,
    'POST',
    '/contest/create-contest',
    user,
    contestBody('Bench live contest', startsAt, startsAt + day),
  );
  const liveId = live.data._id;
  await callApi(stack, 'POST', '/contest/join-contest', user, { contestId: liveId, picks: ['AAPL', 'MSFT'] });
  await callApi(stack, 'POST', '/contest/join-contest', rival, { contestId: liveId, picks: ['NVDA', 'AMZN'] });
  for (let i = 1; i <= 3; i += 1) {
    const upcomingStart = Date.now() + i * 3_600_000;
    const upcoming = await callApi<{ data: { _id: string } }>(
      stack,
      'POST',
      '/contest/create-contest',
      rival,
      contestBody(`Bench upcoming contest ${i}`, upcomingStart, upcomingStart + day),
    );
    await callApi(stack, 'POST', '/contest/join-contest', user, {
      contestId: upcoming.data._id,
      picks: ['AAPL', 'GOOGL'],
    });
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await callApi(stack, 'GET', `/contest/active/${liveId}`, user);
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`the seeded contest never went live: ${(error as Error).message}`);
      await sleep(500);
    }
  }
  return { user, liveId };
}
