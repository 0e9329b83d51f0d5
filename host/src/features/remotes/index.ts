export {
  FEDERATION_NAMES,
  loadRemotePage,
  type RemoteName,
  registerRuntimeRemotes,
} from './api/federation';
export { RemotePage } from './components/remote-page';
export { REMOTE_UNAVAILABLE_TEXT, RemoteUnavailable } from './components/remote-unavailable';
export { preloadRoute } from './api/preload-route';
export { type HostRoute, routePreload } from './api/route-match';
export type { RemotePageRef, RemotePages } from './api/pages';
