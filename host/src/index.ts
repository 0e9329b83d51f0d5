import { startEarlyManifest } from './features/remotes/api/early-manifest';

// The route's remote starts downloading now, beside the shared chunks bootstrap needs (issue #13).
startEarlyManifest();
// An async boundary, so the shared singletons are negotiated before any of them is used.
// Named: the page preloads this chunk and the shared chunks it consumes (shared/rspack/preload-boot-chunks.ts).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
