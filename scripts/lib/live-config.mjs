// The host page's runtime config with the release store's live pointer applied (@bullpen/release-store): each
// remote with a live release is loaded from that release's manifest, and a remote with a canary carries both, the
// share, and the versions, under `releases` (the host's boot code picks one per user: canary.ts). A remote whose
// live release is null (its own build) keeps the manifest config.json names. Read on every page request, so a
// rollout, promote or rollback is on the next page load, and the page's Content-Security-Policy and inline manifests
// follow it (content-security-policy.mjs and remote-manifests.mjs take every URL this config names).
import { BASE_RELEASE } from '@bullpen/release-store';

/** The URL of a release's manifest: `<base>/<remote>/<version>/mf-manifest.json`. */
function releaseManifestUrl(base, remote, version) {
  return `${base.replace(/\/+$/, '')}/${remote}/${version}/mf-manifest.json`;
}

/**
 * `config` with `state` (live.json) applied. `apps`: the remotes as { key, dir } (config key 'contests', store folder
 * 'remote-contests'); `releaseBase(app)`: the public URL of the store's root for that remote's releases.
 */
export function liveRuntimeConfig(config, state, { apps, releaseBase }) {
  const remotes = { ...config.remotes };
  const releases = {};
  for (const app of apps) {
    const entry = state?.remotes?.[app.dir];
    if (!entry || !(app.key in remotes)) continue;
    const url = (version) => releaseManifestUrl(releaseBase(app), app.dir, version);
    if (entry.live) remotes[app.key] = url(entry.live);
    releases[app.key] = {
      live: entry.live ?? BASE_RELEASE,
      ...(entry.canary
        ? {
            canary: {
              version: entry.canary.version,
              manifest: url(entry.canary.version),
              percent: entry.canary.percent,
            },
          }
        : {}),
    };
  }
  return Object.keys(releases).length > 0 ? { ...config, remotes, releases } : { ...config, remotes };
}

/** Every remote manifest a page of `config` may load: the live ones and the canaries. */
export function remoteManifestUrls(config = {}) {
  return [
    ...Object.values(config?.remotes ?? {}),
    ...Object.values(config?.releases ?? {}).map((release) => release?.canary?.manifest),
  ].filter((url) => typeof url === 'string' && url !== '');
}
