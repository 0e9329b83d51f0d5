import { readPageJson } from '@bullpen/shared/early-reads';
import { HOST_ROUTES } from './app/route-table';
import { keepLastPage, paintLastPage } from './features/last-page';
import { CONFIG_ELEMENT_ID, startEarlyManifest } from './features/remotes/api/early-manifest';

const clientId = readPageJson<{ auth?: { userPoolClientId?: string } }>(CONFIG_ELEMENT_ID)?.auth?.userPoolClientId;
// A warm visit shows the page its user last saw at once, while the app starts behind it.
paintLastPage(clientId);
keepLastPage(clientId);
// The route's remote starts downloading now, beside the shared chunks bootstrap needs.
startEarlyManifest(HOST_ROUTES);
// An async boundary, so the shared singletons are negotiated before any of them is used.
// Named: the page preloads this chunk and the shared chunks it consumes
// (tooling/rspack-config/src/preload-boot-chunks.ts).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
