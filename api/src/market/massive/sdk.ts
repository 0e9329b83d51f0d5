import type * as Sdk from '@massive.com/client-js';

let loaded: Promise<typeof Sdk> | null = null;

/**
 * The official Massive SDK, loaded once and only when the feed runs. It ships ESM only (no `require` export), so the
 * API's CommonJS build can reach it through import() alone.
 */
export function massiveSdk(): Promise<typeof Sdk> {
  loaded ??= import('@massive.com/client-js');
  return loaded;
}
