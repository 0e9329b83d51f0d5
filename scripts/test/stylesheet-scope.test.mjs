// Every stylesheet of the app keeps its rules inside its own component (the rules are written down at the top of
// scripts/lib/stylesheet-scope.mjs), and the check catches each way a rule can reach another component's markup.
import path from 'node:path';
import { blockOf, findSheets, readSheets, scopeProblems } from '../lib/stylesheet-scope.mjs';

const rootDir = path.resolve(__dirname, '..', '..');
const shared = (css, file = 'shared/src/ui/a.css') => ({ file, css, kind: 'shared' });
const feature = (css, file = 'remote-x/src/x.css') => ({ file, css, kind: 'feature' });

describe('the app’s stylesheets', () => {
  it('are all found: the kit’s, the boards’, the remotes’ and the host’s', () => {
    const sheets = findSheets(rootDir);
    expect(sheets).toEqual(
      expect.arrayContaining(
        [
          'shared/src/theme/theme.css',
          'shared/src/ui/ui.css',
          'shared/src/ui/parts.css',
          'shared/src/ui/chart.css',
          'shared/src/boards/boards.css',
          'host/src/app/host.css',
          'remote-auth/src/features/authenticator/theme/authenticator.css',
          'remote-contests/src/features/picks/components/picks.css',
        ].map((file) => file.split('/').join(path.sep)),
      ),
    );
  });

  it('keep every rule inside its own component', () => {
    expect(scopeProblems(readSheets(rootDir, findSheets(rootDir)))).toEqual([]);
  });
});

describe('scopeProblems', () => {
  it('fails the rule that broke the Details tiles: a second sheet styling .bp-facts and its bare divs', () => {
    const problems = scopeProblems([
      shared('.bp-facts--tiles { display: grid; }\n.bp-facts--tiles .bp-facts__item { padding: 10px; }', 'ui.css'),
      shared(
        '.bp-facts { display: grid; }\n.bp-facts div { display: flex; justify-content: space-between; }',
        'parts.css',
      ),
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/^parts\.css:2: \.bp-facts div: “div” after “a space” .*\(rule 4\)$/),
      '.bp-facts is styled by more than one sheet (rule 2): ui.css:1, parts.css:1',
    ]);
  });

  it('fails a selector that does not start with a class, but not :root setting variables', () => {
    expect(scopeProblems([shared('div { margin: 0; }\n[hidden] .bp-x { display: none; }')])).toEqual([
      expect.stringContaining('div: does not start with a class'),
      expect.stringContaining('[hidden] .bp-x: does not start with a class'),
    ]);
    expect(scopeProblems([feature(':root { --content-width: 1360px; }')])).toEqual([]);
    expect(scopeProblems([feature(':root { color: red; }')])).toEqual([
      expect.stringContaining(':root: does not start with a class'),
    ]);
  });

  it('leaves the base sheet (theme.css) its element rules', () => {
    expect(scopeProblems([{ file: 'theme.css', css: 'a { color: teal; } h1 { margin: 0; }', kind: 'base' }])).toEqual(
      [],
    );
  });

  it('keeps the kit’s prefix to the shared sheets', () => {
    expect(scopeProblems([shared('.picker { gap: 4px; }')])).toEqual([
      expect.stringContaining("a shared sheet's block must start with bp-"),
    ]);
    expect(scopeProblems([feature('.bp-field { margin: 0; }')])).toEqual([
      expect.stringContaining("restyles the kit's .bp-field everywhere"),
    ]);
    // Inside a block of its own, a remote may adjust a kit component.
    expect(scopeProblems([feature('.picker-filters .bp-field { margin-bottom: 0; }')])).toEqual([]);
  });

  it('allows classes, a block’s own children and table or list parts past a combinator; not bare elements', () => {
    const allowed = [
      '.bp-table th { padding: 0; }',
      '.bp-table tfoot tr:first-child > * { border-top: 0; }',
      '.bp-stack > p { margin: 0; }',
      '.bp-dialog__actions .bp-button { width: 100%; }',
      '.bp-chart__legend li { display: flex; }',
      '.bp-segmented__option--up:has(input:checked) { color: teal; }',
      '.bp-button:hover:not(:disabled) { color: teal; }',
      '@media (max-width: 480px) { .bp-card { padding: 0; } }',
      '@keyframes bp-spin { from { opacity: 0; } to { opacity: 1; } }',
    ];
    expect(scopeProblems([shared(allowed.join('\n'))])).toEqual([]);
    const refused = ['.bp-card h3 { margin: 0; }', '.bp-chip button { padding: 0; }', '.bp-row + p { margin: 0; }'];
    for (const rule of refused) expect(scopeProblems([shared(rule)])).toEqual([expect.stringContaining('(rule 4)')]);
    expect(scopeProblems([shared('@media (max-width: 480px) { .bp-card p { margin: 0; } }')])).toEqual([
      expect.stringContaining('(rule 4)'),
    ]);
  });

  it("takes Amplify UI's data-amplify- hooks on its own markup as naming a part, and no other attribute", () => {
    expect(scopeProblems([feature('.sign-in [data-amplify-router] { border-radius: 10px; }')])).toEqual([]);
    expect(scopeProblems([feature('.sign-in [data-role] { margin: 0; }')])).toEqual([
      expect.stringContaining('(rule 4)'),
    ]);
  });

  it('names a block by its class without element or modifier', () => {
    expect(blockOf('bp-facts__item')).toBe('bp-facts');
    expect(blockOf('bp-facts--tiles')).toBe('bp-facts');
    expect(blockOf('bp-table')).toBe('bp-table');
  });
});
