import { readPageJson } from './page-json';

// The host is built once; where the API, the user pool and the remotes live is read at run time from config.json.

export interface RuntimeConfig {
  apiHost: string;
  auth: { region: string; userPoolId: string; userPoolClientId: string; userPoolEndpoint?: string };
  remotes: Record<'auth' | 'contests' | 'trading' | 'profile', string>;
  /** Remotes rolled out from the release store (scripts/lib/live-config.mjs): the live release's version and, with a
   *  canary, its manifest and share; the host loads one or the other per user (host's canary.ts). */
  releases?: Partial<
    Record<
      'auth' | 'contests' | 'trading' | 'profile',
      { live: string; canary?: { version: string; manifest: string; percent: number } }
    >
  >;
}

/** API.md: the base URL defaults to the local API. */
export const DEFAULT_API_HOST = 'http://localhost:4000';

let current: RuntimeConfig | null = null;
let loading: Promise<RuntimeConfig> | null = null;

/** The id of the JSON data block in which the host's static server inlines config.json (scripts/lib/inline-config.mjs). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'bullpen-config';

/** The config the page carries inline, if it does (a production page does; the dev server's does not). */
export function inlineRuntimeConfig(): RuntimeConfig | null {
  return readPageJson<RuntimeConfig>(RUNTIME_CONFIG_ELEMENT_ID);
}

/** The config the page carries inline, else config.json fetched once; later calls share the first answer. */
export function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  if (current) return Promise.resolve(current);
  const inline = inlineRuntimeConfig();
  if (inline) {
    current = inline;
    return Promise.resolve(current);
  }
  loading ??= fetch(url, { cache: 'no-cache' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`Could not load ${url} (${response.status})`);
      current = (await response.json()) as RuntimeConfig;
      return current;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

export function getRuntimeConfig(): RuntimeConfig | null {
  return current;
}

/** For standalone remotes and tests that already hold a config. */
export function setRuntimeConfig(config: RuntimeConfig | null): void {
  current = config;
}

export function getApiHost(): string {
  return (current?.apiHost ?? DEFAULT_API_HOST).replace(/\/+$/, '');
}
