export { LiveContestView } from './components/live-contest-view';
export { LiveGate } from './components/live-gate';
export { type TicketComponent, TradingView } from './components/trading-view';
