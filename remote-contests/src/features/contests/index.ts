// The contests feature's public surface: data access, cache updates, rules and the contest pieces every screen shows.
export * from './api/contest-keys';
export * from './api/contests-api';
export * from './hooks/use-contest-cache';
export * from './hooks/use-viewer';
export * from './lib/contest-status';
export * from './lib/feedback';
export * from './lib/rules-in-words';
export * from './components/status-badge';
export * from './components/contest-facts';
export * from './components/contest-card';
export * from './components/contest-gate';
export * from './components/contest-sections';
export * from './components/contest-notices';
export * from './hooks/use-error-toast';
