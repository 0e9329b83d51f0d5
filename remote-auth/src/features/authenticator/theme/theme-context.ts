import { defaultTheme } from '@aws-amplify/ui';
import { createContext } from 'react';

// What the build puts in place of Amplify UI's ThemeContext module (remote-auth/rspack.config.ts). Amplify UI's own
// makes its default value with `createTheme()` as the module loads: every token of every Amplify component merged,
// named and written out as CSS text, about 80 ms of a phone's CPU on the sign-in page's critical path, for a value whose
// CSS nobody reads (the page's theme CSS is written at build time: bullpen-theme.css). Its readers, the primitives'
// style props (`useStyles`) and `useBreakpointValue`, take two things from it: the breakpoints, and the design tokens,
// which they walk by a theme key ("space.small") to name its CSS variable (`var(--amplify-space-small)`, named from the
// key's path, not the token's value) when the key leads to a token. The default theme's own tokens and breakpoints
// answer both exactly as createTheme's would (test/theme-context.test.ts walks every path of both).

/** The theme the primitives read: the default theme's tokens and breakpoints, without createTheme's CSS. */
export const primitivesTheme = {
  name: defaultTheme.name,
  tokens: defaultTheme.tokens,
  breakpoints: defaultTheme.breakpoints,
};

export const ThemeContext = createContext<{ theme: typeof primitivesTheme; colorMode?: 'light' | 'dark' | 'system' }>({
  theme: primitivesTheme,
  colorMode: undefined,
});
