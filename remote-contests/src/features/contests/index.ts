// The contests feature's public surface: data access, cache updates, rules and the building blocks of every contest screen.
export * from './api/contest-keys';
export * from './api/contests-api';
export * from './hooks/use-contest-cache';
export * from './hooks/use-viewer';
export * from './lib/contest-status';
export * from './lib/format';
export * from './lib/feedback';
export * from './components/ui';
export * from './components/copy-button';
export * from './components/contest-facts';
export * from './components/contest-card';
export * from './components/contest-gate';
export * from './hooks/use-error-toast';
