import { setRuntimeConfig, useToastStore, useUserStore } from '@bullpen/shared';
import { render, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig, unload } from 'swr';
import LiveContestPage from '../src/app/pages/live-contest-page';
import TradingPage from '../src/app/pages/trading-page';
import { API, SIMULATED_MARKET } from './fixtures';

// Every live screen says where prices come from (GET /market/status). Every live screen of a player reads the benchmark beside its portfolio chart and the player's analytics: by default
// the benchmark has no points yet and the analytics are those of a contest a few ticks old (no Sharpe, beta, alpha or
// volatility before 10 ticks); a test about them answers with its own.
export const server = setupServer(
  // Where prices come from: the API's default market, the simulator (a test about a real market answers its own).
  http.get(`${API}/market/status`, () => HttpResponse.json(SIMULATED_MARKET)),
  http.get(`${API}/contest/:id/benchmark`, () =>
    HttpResponse.json({ name: 'Equal-weight index of the whole universe', points: [] }),
  ),
  http.get(`${API}/contest/:id/analytics/:userId`, () =>
    HttpResponse.json({
      analytics: {
        asOf: '2026-11-22T10:00:00.000Z',
        returnPct: 0.025,
        benchmarkReturnPct: 0.01,
        volatilityPct: null,
        sharpe: null,
        maxDrawdownPct: -0.004,
        beta: null,
        alphaPct: null,
        sectors: [{ sector: 'Information Technology', value: 10_250, weight: 1 }],
        turnover: 0,
        commissions: 0,
      },
    }),
  ),
  // Every live screen has the contest's chat: empty, and its stream unavailable (a test about the chat answers its own).
  http.get(`${API}/contest/:id/chat`, () =>
    HttpResponse.json({
      messages: [],
      next: null,
      viewer: { canPost: true, reason: null, muted: false, canModerate: false, team: null },
    }),
  ),
  http.get(`${API}/contest/:id/chat/events`, () => new HttpResponse(null, { status: 204 })),
);

// A test's reads can outlive it. SWR shares an in-flight read with an identical one (the next test's first read
// of the same key) and would show the previous test's answer there, so a test ends only once its requests are
// answered. (Before this, jest --randomize --seed=2 failed two trading-page tests.)
const pending = new Set<string>();
server.events.on('request:start', ({ requestId }) => {
  pending.add(requestId);
});
server.events.on('request:end', ({ requestId }) => {
  pending.delete(requestId);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  setRuntimeConfig({
    apiHost: API,
    auth: { region: 'us-east-1', userPoolId: 'us-east-1_T', userPoolClientId: 'c' },
    remotes: { auth: '', contests: '', trading: '', profile: '' },
  });
  useUserStore.getState().setUser({ status: 'active', _id: 'u1', ticker: 'ACE', role: 'user' });
  useToastStore.getState().clear();
  unload({ revalidate: false });
});
afterEach(async () => {
  await waitFor(() => expect(pending.size).toBe(0));
  server.resetHandlers();
});
afterAll(() => server.close());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

export function renderAt(path: string) {
  return render(
    <SWRConfig value={{ dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/live-contest/:contestId"
            element={
              <>
                <LiveContestPage />
                <Where />
              </>
            }
          />
          <Route
            path="/trading/:contestId"
            element={
              <>
                <TradingPage />
                <Where />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}
