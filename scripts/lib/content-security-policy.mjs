// The host page's Content-Security-Policy, derived from the same runtime config the page loads: a remote rolled out
// to a new origin through config.json is allowed at once, and nothing else is. Scripts come only from the host
// itself and the configured remotes (never inline, never eval); the page talks only to those, the API and the user
// pool. Styles allow 'unsafe-inline' because the apps inject their CSS at run time (style-loader, Amplify UI):
// scripts are what an injected payload would need, and those stay locked down.

const origin = (url) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

const unique = (values) => [...new Set(values.filter(Boolean))];

/** The user pool's origin: the local pool's endpoint, else Amazon Cognito's regional endpoint. */
function userPoolOrigin(auth = {}) {
  if (auth.userPoolEndpoint) return origin(auth.userPoolEndpoint);
  return auth.region ? `https://cognito-idp.${auth.region}.amazonaws.com` : null;
}

/** @param {{ apiHost?: string, auth?: object, remotes?: Record<string, string> }} config */
export function contentSecurityPolicy(config = {}) {
  const remotes = unique(Object.values(config.remotes ?? {}).map(origin));
  const services = unique([origin(config.apiHost ?? ''), userPoolOrigin(config.auth)]);
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    // Remote manifests are fetched; remote chunks are scripts. The API and the pool are called with fetch.
    'connect-src': unique(["'self'", ...remotes, ...services]),
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    // data: for the authenticator-app QR code, which the widget renders as a data URL.
    'img-src': ["'self'", 'data:', ...remotes],
    'font-src': ["'self'", 'data:', ...remotes],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
