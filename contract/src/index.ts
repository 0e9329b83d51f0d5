// @bullpen/contract: the API contract (API.md) as zod schemas and inferred types, its paths, bounds and the rules both
// sides compute (the starting allocation, commissions, the position cap, a short's initial margin and what orders
// reserve, the trailing stop, a contest's phase from the clock), imported by the API and the apps alike.
// zod is its only dependency: no React, no Amplify and no browser APIs, so the server's dependency tree stays free of them.
export * from './limits';
export * from './models';
export * from './requests';
export * from './responses';
export * from './board-rows';
export * from './paths';
export * from './results';
export * from './orders';
export * from './allocation';
export * from './telemetry';
export * from './notifications';
export * from './contest-rules';
export * from './trade-sides';
export * from './market';
export * from './market-hours';
export * from './margin';
export * from './trailing-stop';
export * from './fills';
export * from './contest-phase';
export * from './risk-window';
export * from './chat';
export * from './api-schemas';
export type * from './api-types';
