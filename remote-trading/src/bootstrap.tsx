import '@bullpen/shared/theme.css';
import { StandaloneApp, type StandalonePage } from '@bullpen/shared/standalone';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import LiveContestPage from './app/pages/live-contest-page';
import TradingPage from './app/pages/trading-page';
import type { ExposedPage } from './exposes';

// Standalone mode: this remote's pages on its own dev server, for the team that owns it. One entry per exposed page
// (src/exposes.ts): a page added there and not here, or the reverse, fails the typecheck.
const pages = {
  LiveContestPage: { path: '/live-contest/:contestId', element: <LiveContestPage />, example: '/live-contest/ID' },
  TradingPage: { path: '/trading/:contestId', element: <TradingPage />, example: '/trading/ID' },
} satisfies Record<ExposedPage, StandalonePage>;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StandaloneApp name="remote-trading" pages={Object.values(pages)} />
    </StrictMode>,
  );
}
