import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Amplify } from 'aws-amplify';
import { signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { decodeJwt } from 'jose';
import { createHandler } from '../src/http';
import { CLIENT_ID, POOL_ID, type RunningUserPool, startUserPool, type UserPoolOptions } from '../src/index';
import type { UserPool } from '../src/pool';

export { CLIENT_ID, POOL_ID };

/** Amplify keeps tokens in this map instead of the browser's localStorage. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
  async clear() {
    this.items.clear();
  }
}

export interface TestPool extends RunningUserPool {
  dataDir: string;
  clock: { offsetMs: number };
  storage: MemoryStorage;
  stop(): Promise<void>;
}

/**
 * The test file's pool: started before its first test, stopped after its last; after each test Amplify is signed out
 * and the pool's clock is back to now. The returned object is filled in once the pool is up.
 */
export function useTestPool(options: UserPoolOptions = {}): TestPool {
  const pool = {} as TestPool;
  beforeAll(async () => {
    Object.assign(pool, await startTestPool(options));
  });
  afterAll(async () => {
    await pool.stop();
  });
  afterEach(async () => {
    pool.clock.offsetMs = 0;
    await signOut().catch(() => {});
  });
  return pool;
}

/** A pool on a free port with its own data dir and a clock tests can move forward; Amplify configured against it. */
export async function startTestPool(options: UserPoolOptions = {}): Promise<TestPool> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'user-pool-test-'));
  const clock = { offsetMs: 0 };
  const running = await startUserPool({
    port: 0,
    dataDir,
    now: () => Date.now() + clock.offsetMs,
    log: () => {},
    ...options,
  });
  const storage = new MemoryStorage();
  configureAmplify(running.url);
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  return {
    ...running,
    dataDir,
    clock,
    storage,
    async stop() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function configureAmplify(url: string) {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: POOL_ID,
        userPoolClientId: CLIENT_ID,
        userPoolEndpoint: url,
        loginWith: { phone: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
}

export interface OutboxItem {
  phone: string;
  code: string;
  purpose: string;
  createdAt: string;
}

export async function outbox(url: string, phone: string): Promise<OutboxItem[]> {
  const response = await fetch(`${url}/outbox.json?phone=${encodeURIComponent(phone)}`);
  return (await response.json()) as OutboxItem[];
}

/** The newest code sent to `phone` for `purpose`. */
export async function latestCode(url: string, phone: string, purpose: string): Promise<string> {
  const entry = (await outbox(url, phone)).find((item) => item.purpose === purpose);
  if (!entry) throw new Error(`no ${purpose} code for ${phone}`);
  return entry.code;
}

let counter = 0;
/** A fresh E.164 number per call so tests never collide. */
export function newPhone(): string {
  counter += 1;
  return `+1555${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`;
}

/** Calls an operation directly over the Cognito JSON protocol, for what Amplify has no function for (admin calls). */
export async function callPool(url: string, operation: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape each operation answers
    body: (await response.json()) as Record<string, any>,
  };
}

export const PASSWORD = 'correct horse';

/** Signs a new user up and confirms them with the code from the outbox, through Amplify. */
export async function registeredUser(url: string, password = PASSWORD): Promise<string> {
  const { signUp, confirmSignUp } = await import('aws-amplify/auth');
  const phone = newPhone();
  await signUp({ username: phone, password, options: { userAttributes: { phone_number: phone } } });
  await confirmSignUp({ username: phone, confirmationCode: await latestCode(url, phone, 'sign-up') });
  return phone;
}

/** Signs in over the wire with USER_PASSWORD_AUTH and returns Cognito's AuthenticationResult. */
export async function passwordSignIn(url: string, username: string, password = PASSWORD) {
  const answer = await callPool(url, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });
  if (!answer.body.AuthenticationResult) throw new Error(`sign-in failed: ${JSON.stringify(answer.body)}`);
  return answer.body.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
}

/** A token's payload (tests that care about the signature check it against the JWKS themselves). */
export const claimsOf = (token: string): Record<string, unknown> => decodeJwt(token);

/** The ID and access token claims of both refresh flows: REFRESH_TOKEN_AUTH and GetTokensFromRefreshToken. */
export async function refreshedClaims(url: string, refreshToken: string) {
  const kept = await callPool(url, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });
  const rotated = await callPool(url, 'GetTokensFromRefreshToken', { ClientId: CLIENT_ID, RefreshToken: refreshToken });
  const results = [kept.body.AuthenticationResult, rotated.body.AuthenticationResult];
  if (!results[0] || !results[1]) throw new Error(`refresh failed: ${JSON.stringify([kept.body, rotated.body])}`);
  return {
    id: results.map((result) => claimsOf(result.IdToken)),
    access: results.map((result) => claimsOf(result.AccessToken)),
    refreshToken: results[1].RefreshToken as string,
  };
}

/**
 * The pool's handler behind another server whose every request looks as if it came from `address`: a client on
 * another machine. Resolves with its URL; stop it with `close`.
 */
export async function peerAt(pool: UserPool, address: string): Promise<{ url: string; close(): Promise<void> }> {
  const handler = createHandler(pool);
  const server = createServer((request, response) => {
    Object.defineProperty(request.socket, 'remoteAddress', { value: address, configurable: true });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
