// The remotes' current mf-manifest.json files, for the host page to carry inline: a visit then waits on no manifest
// round trip, cold or warm, where it would otherwise fetch the current route's manifest (no-cache, so always a round
// trip) before it could ask for the remote's entry. Fetched on every page request, revalidated with the
// remote's ETag (a 304 reuses the last copy), so a rollout or rollback of one remote shows on the next page load.
// A manifest that does not answer within `timeoutMs`, fails or is not JSON is left out: the page fetches it
// itself, the ordinary way (and shows the remote's fallback if that fails too).

const known = new Map();

async function fetchManifest(url, timeoutMs) {
  const last = known.get(url);
  try {
    const response = await fetch(url, {
      headers: last ? { 'if-none-match': last.etag } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 304 && last) return last.manifest;
    if (!response.ok) throw new Error(`${response.status}`);
    const manifest = JSON.parse(await response.text());
    const etag = response.headers.get('etag');
    if (etag) known.set(url, { etag, manifest });
    else known.delete(url);
    return manifest;
  } catch {
    known.delete(url);
    return null;
  }
}

/** { [manifest URL]: manifest } for every remote of the config that answered. */
export async function fetchRemoteManifests(remotes = {}, { timeoutMs = 800 } = {}) {
  const urls = [...new Set(Object.values(remotes).filter((url) => typeof url === 'string' && url !== ''))];
  const manifests = await Promise.all(urls.map((url) => fetchManifest(url, timeoutMs)));
  return Object.fromEntries(urls.flatMap((url, index) => (manifests[index] ? [[url, manifests[index]]] : [])));
}
