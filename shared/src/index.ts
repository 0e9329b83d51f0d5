// @bullpen/shared, the client side: one API client, one SWR cache convention, one user store and one toast store
// for the host and every remote (Module Federation shares this module as a singleton).
// The API contract is a package of its own, @bullpen/contract, which the apps import by that name; a remote's
// stand-alone frame in '@bullpen/shared/standalone' (development only, so the host never downloads it). Only stateful
// code lives here (store, SWR configuration, API client, auth, router). Pure code is outside the singleton, bundled into
// whichever app imports it (DESIGN §1), so no page downloads it unless it is used: the UI kit '@bullpen/shared/ui', the
// boards '@bullpen/shared/boards', the analytics panel '@bullpen/shared/analytics', the chat panel
// '@bullpen/shared/chat', the API's event streams '@bullpen/shared/streams', the formatting rules
// '@bullpen/shared/format' and the API contract and its rules.
export * from './config/runtime-config';
export * from './api/api-error';
export * from './api/client';
export * from './api/swr';
export * from './api/persisted-reads';
export * from './api/notify';
export * from './store/user-store';
export * from './store/toast-store';
export * from './router';
export * from './auth/configure-auth';
export * from './auth/auth-widget-events';
export * from './auth/next-address';
