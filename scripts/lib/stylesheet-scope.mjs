// Every screen's stylesheet stays in the page once loaded (the router swaps screens, never the document), so a rule
// written for one screen applies to every screen visited after it. These rules keep each rule inside its own
// component, so no sheet reaches another's markup:
//
//   1. Rooted: every selector starts with a class, the rule's root (`.bp-facts`, `a.bp-card--tile`). Bare element
//      selectors belong to the base sheet only (theme.css: the reset and the document's defaults); elsewhere `:root`
//      may only set custom properties.
//   2. One owner: a block (a root class without its BEM `__element` or `--modifier`) is rooted in one sheet only.
//      `.bp-facts` styled by ui.css (the Facts component) and by parts.css (the order ticket's figures) is how the
//      Details tiles broke after the trading screen had loaded parts.css.
//   3. Prefixes: the shared sheets' blocks start with `bp-` (the kit's); a remote's or the host's never do: a feature
//      sheet styles a kit class only inside a block of its own (`.picker-filters .bp-field`).
//   4. No bare descendants: past a descendant or sibling combinator, every compound names a class (`.bp-facts__item`,
//      not `.bp-facts div`, which matches whatever markup another component puts inside), unless it is an element that
//      exists only inside its own table, list, fieldset or details (th, td, li, dt, dd, legend, summary…). Past a
//      child combinator a bare element is the block's own child (`.bp-stack > p`) and may stay. Amplify UI's markup
//      (the Authenticator on the sign-in page) takes no classes of ours: its `data-amplify-…` attributes, the styling
//      hooks it documents, name its parts as a class would.
//
// Amplify UI's own reset for its markup (remote-auth's amplify-base.css: `all: unset` on its elements, scoped to the
// sign-in page) and the sign-in theme's tokens (bullpen-theme.css) are base sheets like theme.css.
//
// Selectors inside a pseudo-class's parentheses (`:has(input:checked)`, `:not(:disabled)`) only filter the element
// the rule styles; they are not checked. Rules inside @keyframes are not selectors.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';

/** Elements that can only sit inside the table, list, fieldset, details or select that holds them. */
const STRUCTURAL = new Set([
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'li',
  'dt',
  'dd',
  'legend',
  'summary',
  'option',
  'optgroup',
]);

/** A class, or one of Amplify UI's `data-amplify-…` hooks on its own markup. */
const namesAPart = (node) =>
  node.type === 'class' || (node.type === 'attribute' && node.attribute.startsWith('data-amplify-'));

/** `bp-facts__item--wide` → `bp-facts`. */
export const blockOf = (className) => className.split(/__|--/)[0];

/** The compounds of a parsed selector, each with the combinator before it (null for the first). */
function compoundsOf(selector) {
  const compounds = [{ combinator: null, nodes: [] }];
  for (const node of selector.nodes) {
    if (node.type === 'combinator') compounds.push({ combinator: node.value.trim() || ' ', nodes: [] });
    else if (node.type !== 'comment') compounds.at(-1).nodes.push(node);
  }
  return compounds;
}

const insideKeyframes = (rule) => {
  for (let parent = rule.parent; parent; parent = parent.parent) {
    if (parent.type === 'atrule' && /keyframes$/i.test(parent.name)) return true;
  }
  return false;
};

/**
 * The rules of every sheet given, checked against rules 1–4 above.
 * @param {{ file: string, css: string, kind: 'base' | 'shared' | 'feature' }[]} sheets `file` names the sheet in
 *   messages and as its owner.
 * @returns {string[]} one line per problem, `file:line: selector: what is wrong`.
 */
export function scopeProblems(sheets) {
  const problems = [];
  /** block → the sheets that root a rule on it, with the first line there. */
  const owners = new Map();
  for (const { file, css, kind } of sheets) {
    if (kind === 'base') continue;
    const root = postcss.parse(css, { from: file });
    root.walkRules((rule) => {
      if (insideKeyframes(rule)) return;
      const where = `${file}:${rule.source?.start?.line ?? '?'}`;
      const complain = (selector, reason) => problems.push(`${where}: ${selector}: ${reason}`);
      selectorParser((selectors) => {
        for (const selector of selectors.nodes) {
          const text = selector.toString().trim();
          const [first, ...rest] = compoundsOf(selector);
          const rootClass = first.nodes.find((node) => node.type === 'class')?.value;
          if (!rootClass) {
            const onlyRoot =
              first.nodes.length === 1 && first.nodes[0].type === 'pseudo' && first.nodes[0].value === ':root';
            const onlyVariables = rule.nodes.every((node) => node.type !== 'decl' || node.prop.startsWith('--'));
            if (!(onlyRoot && rest.length === 0 && onlyVariables)) {
              complain(text, 'does not start with a class of its component (rule 1)');
            }
            continue;
          }
          const block = blockOf(rootClass);
          if (kind === 'shared' && !block.startsWith('bp-')) {
            complain(text, `a shared sheet's block must start with bp- (rule 3), not .${block}`);
          }
          if (kind === 'feature' && block.startsWith('bp-')) {
            complain(text, `restyles the kit's .${block} everywhere; style it inside a block of this sheet (rule 3)`);
          }
          const sheetsOfBlock = owners.get(block) ?? new Map();
          if (!sheetsOfBlock.has(file)) sheetsOfBlock.set(file, where);
          owners.set(block, sheetsOfBlock);
          for (const { combinator, nodes } of rest) {
            if (combinator === '>' || nodes.some(namesAPart)) continue;
            const tag = nodes.find((node) => node.type === 'tag')?.value.toLowerCase();
            if (tag && STRUCTURAL.has(tag)) continue;
            complain(
              text,
              `“${nodes.join('').trim()}” after “${combinator === ' ' ? 'a space' : combinator}” matches any markup inside .${rootClass}, another component's too: give it a class (rule 4)`,
            );
          }
        }
      }).processSync(rule.selector);
    });
  }
  for (const [block, sheetsOfBlock] of owners) {
    if (sheetsOfBlock.size > 1) {
      problems.push(`.${block} is styled by more than one sheet (rule 2): ${[...sheetsOfBlock.values()].join(', ')}`);
    }
  }
  return problems;
}

/** The document's base sheet, Amplify UI's reset for its own markup and the sign-in theme's tokens (custom properties
 *  only, scoped by Amplify UI's `data-amplify-theme`, generated at build time) (rule 1). */
const BASE_SHEETS = new Set([
  path.join('shared', 'src', 'theme', 'theme.css'),
  path.join('remote-auth', 'src', 'features', 'authenticator', 'theme', 'amplify-base.css'),
  path.join('remote-auth', 'src', 'features', 'authenticator', 'theme', 'bullpen-theme.css'),
]);

/** The kind of the sheet at `file` (relative to the repository): the base sheet, a shared one or a feature's. */
function kindOf(file) {
  if (BASE_SHEETS.has(file)) return 'base';
  return file.startsWith(`shared${path.sep}`) ? 'shared' : 'feature';
}

/** Reads the sheets at `files` (relative to `rootDir`) for scopeProblems. */
export const readSheets = (rootDir, files) =>
  files.map((file) => ({ file, css: readFileSync(path.join(rootDir, file), 'utf8'), kind: kindOf(file) }));

/** The workspaces whose sources hold the app's stylesheets. */
const SOURCES = ['shared', 'host', 'remote-auth', 'remote-contests', 'remote-trading', 'remote-profile'].map((dir) =>
  path.join(dir, 'src'),
);

/** Every stylesheet of the app's sources under `rootDir`, relative to it, sorted. */
export const findSheets = (rootDir) =>
  SOURCES.flatMap((dir) =>
    readdirSync(path.join(rootDir, dir), { recursive: true })
      .filter((name) => name.endsWith('.css'))
      .map((name) => path.join(dir, name)),
  ).sort();
