// The Content-Security-Policy of every page the static servers answer, derived from the same runtime config the page
// loads: a remote rolled out to a new origin (through config.json or the release store's live pointer, its canary
// included) is allowed at once, and nothing else is.
//
// The host page (contentSecurityPolicy): scripts come only from the host itself and the configured remotes (never
// inline, never eval); the page talks only to those, the API and the user pool.
// A remote's stand-alone page (standaloneContentSecurityPolicy: its own index.html, which its team opens on the
// remote's origin): it loads no other remote, so everything but the API and the user pool comes from its own origin;
// its config is the config.json of that same origin.
// Styles allow 'unsafe-inline' because the apps inject their CSS at run time (style-loader, Amplify UI) and the page
// template carries one <style>: scripts are what an injected payload would need, and those stay locked down. No page
// may be framed (frame-ancestors 'none', and X-Frame-Options for browsers that predate it).

// An origin is a scheme, a host name or bracketed IPv6 address, and a port: nothing that could end a directive (';')
// or start another source (',' or a space) in the header it goes into.
import { remoteManifestUrls } from './live-config.mjs';

const ORIGIN = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d+)?$/i;

const origin = (url) => {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return ORIGIN.test(parsed.origin) ? parsed.origin : null;
  } catch {
    return null;
  }
};

const unique = (values) => [...new Set(values.filter(Boolean))];

/** The user pool's origin: the local pool's endpoint, else Amazon Cognito's regional endpoint. */
function userPoolOrigin(auth = {}) {
  if (auth.userPoolEndpoint) return origin(auth.userPoolEndpoint);
  return typeof auth.region === 'string' && /^[a-z0-9-]+$/.test(auth.region)
    ? `https://cognito-idp.${auth.region}.amazonaws.com`
    : null;
}

/** The API's and the user pool's origins, the services a page calls with fetch. */
const servicesOf = (config) => unique([origin(config?.apiHost ?? ''), userPoolOrigin(config?.auth ?? {})]);

/** A policy whose scripts, styles, images and fonts come from the page's own origin and `assets`; whose connections go
 *  to those and `services`. Never inline script, never eval, never framed. */
function policy({ assets = [], services = [] }) {
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...assets],
    // Remote manifests are fetched; remote chunks are scripts. The API and the pool are called with fetch.
    'connect-src': unique(["'self'", ...assets, ...services]),
    'style-src': ["'self'", "'unsafe-inline'", ...assets],
    // data: for the authenticator-app QR code, which the widget renders as a data URL, and the page's icon.
    'img-src': ["'self'", 'data:', ...assets],
    'font-src': ["'self'", 'data:', ...assets],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The host page's policy: its remotes are those config.remotes names and the canaries config.releases names.
 *  @param {{ apiHost?: string, auth?: object, remotes?: Record<string, string>, releases?: object }} config */
export function contentSecurityPolicy(config = {}) {
  return policy({ assets: unique(remoteManifestUrls(config).map(origin)), services: servicesOf(config) });
}

/** A remote's stand-alone page's policy, from the config.json that page loads (its own origin's): only its own
 *  origin, the API and the user pool. @param {{ apiHost?: string, auth?: object }} config */
export function standaloneContentSecurityPolicy(config = {}) {
  return policy({ services: servicesOf(config) });
}

/** Every header an HTML answer carries for its policy. */
export function pageSecurityHeaders(contentSecurity) {
  return {
    'Content-Security-Policy': contentSecurity,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** The other origins a host page talks to (the remotes', the API's and the user pool's), each valid as a CSP source,
 *  for its <link rel="preconnect"> hints. */
export function pageOrigins(config = {}) {
  return {
    remotes: unique(remoteManifestUrls(config).map(origin)),
    services: servicesOf(config),
  };
}
