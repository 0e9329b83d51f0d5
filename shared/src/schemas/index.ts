// The API contract (../shared/API.md) as zod schemas and inferred types, shared by the server and the client.
// No React and no browser APIs here: the server imports this module too.
export * from './limits';
export * from './models';
export * from './requests';
export * from './responses';
export * from './api-paths';
export * from './results';
export * from './results-paths';
export * from './orders';
export * from './order-paths';
export * from './allocation';
