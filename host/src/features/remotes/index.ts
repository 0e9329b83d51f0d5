export {
  FEDERATION_NAMES,
  type RemoteName,
  registerRuntimeRemotes,
} from './api/federation';
export { RemotePage } from './components/remote-page';
export { REMOTE_UNAVAILABLE_TEXT } from './components/remote-unavailable';
export { preloadRoute } from './api/preload-route';
export { routePreload } from './api/route-match';
export type { RemotePageRef, RemotePages } from './api/pages';
