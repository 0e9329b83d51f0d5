// The host page as served: its runtime config inlined as a non-executable JSON data block (<script
// type="application/json">, which no Content-Security-Policy treats as script), so config.json is no round trip of
// its own, the remotes' manifests beside it (scripts/lib/remote-manifests.mjs: no manifest round trip either), and
// preconnect hints for the origins the page will talk to next (remotes, API, user pool). The page is served no-cache,
// so a rolled-out config or remote is on the very next page load, exactly as config.json and the manifests were.
import { pageOrigins } from './content-security-policy.mjs';

export const CONFIG_ELEMENT_ID = 'bullpen-config';
/** The remotes' manifests, { [manifest URL]: manifest } (scripts/lib/remote-manifests.mjs), read by the host's main.js. */
export const MANIFESTS_ELEMENT_ID = 'bullpen-manifests';

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** JSON that cannot end its <script> element nor open a comment inside it. */
export function jsonForScript(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** `preloads`: scripts the page should start at once, beside main.js (scripts/lib/sign-in-preloads.mjs). */
export function inlineRuntimeConfig(page, config, manifests = {}, { preloads = [] } = {}) {
  const { remotes, services } = pageOrigins(config);
  const hints = [
    // Remote chunks load as plain scripts, manifests with fetch (CORS): one connection of each kind.
    ...remotes.flatMap((origin) => [
      `<link rel="preconnect" href="${escapeAttribute(origin)}">`,
      `<link rel="preconnect" href="${escapeAttribute(origin)}" crossorigin>`,
    ]),
    ...services.map((origin) => `<link rel="preconnect" href="${escapeAttribute(origin)}" crossorigin>`),
    ...preloads.map((href) => `<link rel="preload" as="script" href="${escapeAttribute(href)}">`),
  ];
  const data = [
    `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${jsonForScript(config)}</script>`,
    Object.keys(manifests).length > 0
      ? `<script type="application/json" id="${MANIFESTS_ELEMENT_ID}">${jsonForScript(manifests)}</script>`
      : '',
  ].join('');
  const head = page.indexOf('</head>');
  if (head === -1) return page;
  return `${page.slice(0, head)}${hints.join('')}${data}${page.slice(head)}`;
}
