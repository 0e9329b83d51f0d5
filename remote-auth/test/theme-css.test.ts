import { readFileSync } from 'node:fs';
import { createTheme } from '@aws-amplify/ui';
import { readVariables, THEME_CSS_FILE, themeCss, themeCssFile } from '../scripts/theme-css';
import { bullpenAuthTheme } from '../src/features/authenticator/theme/bullpen-auth-theme';

describe("the sign-in page's theme CSS, written at build time", () => {
  it('is what bullpen-auth-theme.ts gives today (run `npm run theme -w remote-auth` after changing the theme)', () => {
    expect(readFileSync(THEME_CSS_FILE, 'utf8')).toBe(themeCssFile());
  });

  it("keeps the product's colors and every design token, and drops the tokens of components the page never draws", () => {
    const css = readFileSync(THEME_CSS_FILE, 'utf8');
    expect(css).toContain('--amplify-colors-brand-primary-80: var(--color-primary, #5bd0b3);');
    expect(css).toMatch(/\[data-amplify-theme="bullpen-auth"\]\[data-amplify-color-mode="dark"\] \{/);
    expect(css).toContain('--amplify-space-small:');
    expect(css).toContain('--amplify-components-authenticator-container-width-max: 30rem;');
    expect(css).not.toContain('--amplify-components-accordion-');
    expect(css).not.toContain('--amplify-components-fileuploader-');
  });

  it('keeps a component token that a stylesheet reads only through another kept token', () => {
    const theme = {
      name: 'probe',
      tokens: { components: { button: { color: { value: '{components.alert.color.value}' } } } },
    };
    const css = themeCss(theme, '.x { color: var(--amplify-components-button-color); }');
    expect(css).toContain('--amplify-components-button-color: var(--amplify-components-alert-color);');
    expect(css).toMatch(/--amplify-components-alert-color: /);
    expect(css).not.toContain('--amplify-components-alert-background-color');
  });

  it('declares every token that a kept token reads', () => {
    const css = readFileSync(THEME_CSS_FILE, 'utf8');
    const declared = new Set([...css.matchAll(/^\s*(--amplify-[\w-]+):/gm)].map((match) => match[1]));
    const all = new Set([...createTheme(bullpenAuthTheme).cssText.matchAll(/(--amplify-[\w-]+):/g)].map((m) => m[1]));
    const missing = [...readVariables(css)].filter((name) => all.has(name) && !declared.has(name));
    expect(missing).toEqual([]);
  });
});
