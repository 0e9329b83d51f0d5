// The build puts theme/theme-context.ts in place of Amplify UI's ThemeContext module (remote-auth/rspack.config.ts). Its
// readers take the breakpoints, and walk the tokens by a theme key's path to see whether it leads to a design token
// (`isDesignToken`), naming the CSS variable from the path. So the default theme's raw tokens serve them exactly when
// they lead to a design token at the same paths as createTheme's tokens. Style props name design-token groups only
// (colors, space, fontSizes… : Amplify UI's stylePropsToThemeKeys), never the component tokens, which the page's
// stylesheets read as CSS variables (bullpen-theme.css) and which createTheme extends with generated variants.
import { createTheme, isDesignToken } from '@aws-amplify/ui';
import { primitivesTheme } from '../src/features/authenticator/theme/theme-context';

/** Every path that leads to a design token in `tree`, as "a.b.c", outside the component tokens. */
function designTokenPaths(tree: unknown, prefix: string[] = []): string[] {
  if (prefix.length === 1 && prefix[0] === 'components') return [];
  if (isDesignToken(tree)) return [prefix.join('.')];
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]) => designTokenPaths(value, [...prefix, key]));
}

const computed = createTheme();

it('leads to a design token at exactly the paths where createTheme’s tokens do', () => {
  const expected = designTokenPaths(computed.tokens).sort();
  expect(expected.length).toBeGreaterThan(150);
  expect(designTokenPaths(primitivesTheme.tokens).sort()).toEqual(expected);
});

it('has createTheme’s breakpoints and default breakpoint', () => {
  expect(primitivesTheme.breakpoints).toEqual(computed.breakpoints);
});
