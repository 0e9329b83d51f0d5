export { registerRuntimeRemotes } from './api/federation';
export { RemotePage } from './components/remote-page';
export { preloadRoute } from './api/preload-route';
export { routePreload } from './api/route-match';
export type { RemotePageRef, RemotePages } from './api/pages';
