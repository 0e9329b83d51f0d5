import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createTheme, type Theme } from '@aws-amplify/ui';
import { bullpenAuthTheme } from '../src/features/authenticator/theme/bullpen-auth-theme';

// Amplify UI's ThemeProvider turns a theme into CSS custom properties in the browser: `createTheme` merges the
// overrides into the whole default token set and writes every token of every Amplify component (accordions, file
// uploaders, AI chat…), about 140 KB of CSS, on each sign-in page's first render. The sign-in page's theme never
// changes at run time, so that CSS is written here, at build time, and only the tokens the page's stylesheets can use
// are kept: every design token (colors, space, fonts: the components' style props name any of them) and, of the
// component tokens, those the Authenticator's stylesheets read, directly or through another token.

const COMPONENT_TOKEN = /^--amplify-components-/;
const VARIABLE_USE = /var\(\s*(--[\w-]+)/g;

/** The custom properties `css` reads with `var()`. */
export function readVariables(css: string): Set<string> {
  return new Set([...css.matchAll(VARIABLE_USE)].map((match) => match[1] as string));
}

/** A package's stylesheet by the name a sheet imports it with, through the package's `exports` map. Resolved by hand:
 *  a test runner maps `.css` requests to a stub. */
function packageStylesheet(from: string, target: string): string {
  const [, name, subpath] = /^((?:@[^/]+\/)?[^/]+)\/(.+)$/.exec(target) ?? [];
  if (!name || !subpath) throw new Error(`Cannot resolve the stylesheet ${target}`);
  // Not `require.resolve('<name>/package.json')`: a package's exports map need not list it.
  const manifest = (createRequire(from).resolve.paths(name) ?? [])
    .map((folder) => path.join(folder, name, 'package.json'))
    .find((candidate) => existsSync(candidate));
  if (!manifest) throw new Error(`Cannot find the package ${name}`);
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, unknown> };
  for (const [pattern, mapped] of Object.entries(exports ?? {})) {
    const [prefix, suffix = ''] = pattern.slice(2).split('*');
    if (typeof mapped !== 'string' || !subpath.startsWith(prefix ?? '') || !subpath.endsWith(suffix)) continue;
    const star = subpath.slice((prefix ?? '').length, subpath.length - suffix.length);
    return path.join(path.dirname(manifest), mapped.replace('*', star));
  }
  return path.join(path.dirname(manifest), subpath);
}

/** The text of a stylesheet and of every sheet it `@import`s, resolved as the bundler would. */
function stylesheetText(file: string): string {
  const css = readFileSync(file, 'utf8');
  return css.replace(/@import\s+['"]([^'"]+)['"]\s*;/g, (_, target: string) =>
    stylesheetText(target.startsWith('.') ? path.resolve(path.dirname(file), target) : packageStylesheet(file, target)),
  );
}

/** One declaration block of `createTheme(...).cssText`: its selector (with any enclosing @media) and declarations. */
type Block = { open: string; declarations: [name: string, value: string][]; close: string };

function parseThemeCss(cssText: string): Block[] {
  const blocks: Block[] = [];
  // createTheme writes `selector {` … `}` blocks, some inside `@media (…) {` … `}`.
  const pattern = /(@media[^{]*\{\s*)?([^{}@]+)\{([^{}]*)\}(\s*\})?/g;
  for (const match of cssText.matchAll(pattern)) {
    const [, media, selector, body, mediaClose] = match;
    const declarations = (body ?? '')
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line): [string, string] => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      });
    blocks.push({
      open: `${media ? `${media.trim()} ` : ''}${(selector ?? '').trim()} {`,
      declarations,
      close: media || mediaClose ? '}\n}' : '}',
    });
  }
  return blocks;
}

/** The page sets `data-amplify-color-mode="dark"` itself, so the blocks for the system's choice never apply. */
const SYSTEM_COLOR_MODE = '[data-amplify-color-mode="system"]';

/** One block per selector: the overrides for one color mode (Amplify UI's own dark mode, then Bullpen's) written as
 *  the cascade would resolve them, the later value of a token winning. */
function mergeBySelector(blocks: Block[]): Block[] {
  const merged = new Map<string, Block & { byName: Map<string, string> }>();
  for (const block of blocks) {
    const first = merged.get(block.open) ?? { ...block, byName: new Map<string, string>() };
    for (const [name, value] of block.declarations) first.byName.set(name, value);
    merged.set(block.open, first);
  }
  return [...merged.values()].map(({ byName, ...block }) => ({ ...block, declarations: [...byName] }));
}

/** `theme`'s CSS as the ThemeProvider would write it, cut to the tokens `stylesheets` can reach. */
export function themeCss(theme: Theme, stylesheets: string): string {
  const blocks = mergeBySelector(
    parseThemeCss(createTheme(theme).cssText).filter((block) => !block.open.includes(SYSTEM_COLOR_MODE)),
  );
  const values = new Map<string, string[]>();
  for (const block of blocks) {
    for (const [name, value] of block.declarations) values.set(name, [...(values.get(name) ?? []), value]);
  }
  // Every design token is kept; a component token only when a stylesheet or a kept token reads it.
  const kept = new Set([...values.keys()].filter((name) => !COMPONENT_TOKEN.test(name)));
  const pending = [...readVariables(stylesheets), ...[...kept].flatMap((name) => values.get(name) ?? [])];
  const queue = pending.flatMap((text) => (text.startsWith('--') ? [text] : [...readVariables(text)]));
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (kept.has(name) || !values.has(name)) continue;
    kept.add(name);
    for (const value of values.get(name) ?? []) queue.push(...readVariables(value));
  }
  return blocks
    .map((block) => ({ ...block, declarations: block.declarations.filter(([name]) => kept.has(name)) }))
    .filter((block) => block.declarations.length > 0)
    .map((block) => `${block.open}\n${block.declarations.map(([n, v]) => `  ${n}: ${v};`).join('\n')}\n${block.close}`)
    .join('\n');
}

const THEME_DIR = path.join(__dirname, '../src/features/authenticator/theme');
/** The generated stylesheet, committed beside the theme it comes from (a test fails when the two disagree). */
export const THEME_CSS_FILE = path.join(THEME_DIR, 'bullpen-theme.css');

/** The generated stylesheet's whole text: the Bullpen theme's tokens that the sign-in page's sheets can reach. */
export function themeCssFile(): string {
  const sheets = ['amplify-ui.css', 'authenticator.css'].map((name) => stylesheetText(path.join(THEME_DIR, name)));
  return [
    "/* Generated by `npm run theme -w remote-auth` from bullpen-auth-theme.ts: do not edit. Amplify UI's ThemeProvider",
    '   would write these tokens in the browser on every visit (scripts/theme-css.ts says why they are written here). */',
    themeCss(bullpenAuthTheme, sheets.join('\n')),
    '',
  ].join('\n');
}
