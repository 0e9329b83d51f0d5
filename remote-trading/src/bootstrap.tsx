import '@bullpen/shared/theme.css';
import { StandaloneApp, type StandalonePage } from '@bullpen/shared/standalone';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import LiveContestPage from './app/pages/live-contest-page';
import TradingPage from './app/pages/trading-page';

// Standalone mode: this remote's pages on its own dev server, for the team that owns it.
const pages: StandalonePage[] = [
  { path: '/live-contest/:contestId', element: <LiveContestPage />, example: '/live-contest/ID' },
  { path: '/trading/:contestId', element: <TradingPage />, example: '/trading/ID' },
];

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StandaloneApp name="remote-trading" pages={pages} />
    </StrictMode>,
  );
}
