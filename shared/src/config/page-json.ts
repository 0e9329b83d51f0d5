/** The page's JSON data block `id` (the host's server inlines its config and the remotes' manifests), or null.
 *  Free of imports: main.js reads the page with it before any shared module is set up. */
export function readPageJson<T>(id: string): T | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (element?.getAttribute('type') !== 'application/json') return null;
  try {
    return JSON.parse(element.textContent ?? '') as T;
  } catch {
    return null;
  }
}
