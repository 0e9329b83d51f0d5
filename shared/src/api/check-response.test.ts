import { API_PATHS } from '@bullpen/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { configureAuth } from '../auth/configure-auth';
import { type RuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { entryOf } from './check-response';
import { apiGet, apiPost } from './client';

// A development build holds every answer to the contract's response schema of its path; a production build (and the
// tests' own builds, whose answers are often partial on purpose) takes the answer as it comes.

const API = 'http://api.test';
const server = setupServer();
let answer: unknown = null;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  const config: RuntimeConfig = {
    apiHost: `${API}/`,
    auth: { region: 'us-east-1', userPoolId: 'us-east-1_Test', userPoolClientId: 'client' },
    remotes: { auth: '', contests: '', trading: '', profile: '' },
  };
  setRuntimeConfig(config);
  configureAuth(config);
  server.use(http.all(`${API}/*`, () => HttpResponse.json(answer as object)));
});
afterEach(() => {
  server.resetHandlers();
  process.env.NODE_ENV = 'test';
});
afterAll(() => server.close());

const benchmark = { name: 'Equal-weight index', points: [{ t: '2026-11-02T14:30:00.000Z', returnPct: 1.5 }] };

describe('in a development build', () => {
  beforeEach(() => {
    process.env.NODE_ENV = 'development';
  });

  it('takes an answer that matches its path’s schema as it is', async () => {
    answer = benchmark;
    await expect(apiGet(API_PATHS.benchmark('c1'))).resolves.toEqual(benchmark);
  });

  it('rejects an answer that does not, naming the method, the path, the entry and each wrong field', async () => {
    answer = { name: 'Equal-weight index', points: [{ t: '2026-11-02T14:30:00.000Z', returnPct: '1.5' }] };
    const call = apiGet(API_PATHS.benchmark('c 1'));
    await expect(call).rejects.toThrow(
      "GET /contest/c%201/benchmark: the answer does not match the contract's schema for benchmark",
    );
    await expect(call).rejects.toThrow(/points\.0\.returnPct: .*number/);
  });

  it('checks a POST against the schema of its answer, not of its body', async () => {
    answer = {};
    await expect(apiPost(API_PATHS.getContest, { contestId: 'c1' })).rejects.toThrow(
      /^POST \/contest\/get-contest: .* for getContest:\n {2}contest: /,
    );
  });
});

it('outside a development build, passes any answer through unchecked', async () => {
  answer = { unexpected: true };
  await expect(apiGet(API_PATHS.benchmark('c1'))).resolves.toEqual({ unexpected: true });
});

it('finds the entry of every path the table builds, a fixed path before a pattern that also matches it', () => {
  for (const [name, entry] of Object.entries(API_PATHS)) {
    const path = typeof entry === 'string' ? entry : (entry as (...values: string[]) => string)('a 1', 'b/2');
    expect([name, entryOf(path)]).toEqual([name, name]);
  }
  expect(entryOf(API_PATHS.contestStandings('c1', { offset: 50, around: 'me' }))).toBe('contestStandings');
  expect(entryOf('/not/the/api')).toBeUndefined();
});
