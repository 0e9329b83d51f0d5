import { defaultDarkModeOverride, type Theme } from '@aws-amplify/ui-react';
import { layout, monospaceFont, palette } from './palette';
import { BULLPEN_AUTH_THEME_NAME } from './theme-name';

const primaryScale = {
  10: { value: palette.primaryMuted },
  20: { value: palette.primaryMuted },
  40: { value: palette.primaryActive },
  60: { value: palette.primaryActive },
  80: { value: palette.primary },
  90: { value: palette.primaryHover },
  100: { value: palette.primaryHover },
};

/** Token values that make Amplify UI's dark mode the product's dark look. */
const bullpenDarkTokens = {
  colors: {
    brand: { primary: primaryScale },
    primary: primaryScale,
    background: {
      primary: { value: palette.surface },
      secondary: { value: palette.surfaceRaised },
      tertiary: { value: palette.page },
      error: { value: palette.errorSurface },
    },
    border: {
      primary: { value: palette.borderStrong },
      secondary: { value: palette.border },
      tertiary: { value: palette.border },
      focus: { value: palette.primary },
      error: { value: palette.error },
    },
    font: {
      primary: { value: palette.text },
      secondary: { value: palette.textMuted },
      tertiary: { value: palette.textFaint },
      inverse: { value: palette.onPrimary },
      interactive: { value: palette.primary },
      hover: { value: palette.primaryHover },
      focus: { value: palette.primaryHover },
      active: { value: palette.primaryActive },
      error: { value: palette.error },
    },
  },
};

/** The sign-in page's Amplify UI theme. Its CSS is written at build time (scripts/theme-css.ts, `npm run theme`). */
export const bullpenAuthTheme: Theme = {
  name: BULLPEN_AUTH_THEME_NAME,
  tokens: {
    fonts: {
      default: {
        variable: { value: monospaceFont },
        static: { value: monospaceFont },
      },
    },
    radii: {
      small: { value: '4px' },
      medium: { value: '6px' },
      large: { value: '10px' },
    },
    components: {
      authenticator: {
        maxWidth: { value: layout.containerMaxWidth },
        container: { widthMax: { value: layout.authenticatorMaxWidth } },
        router: {
          borderWidth: { value: '1px' },
          borderColor: { value: palette.border },
          backgroundColor: { value: palette.surface },
          boxShadow: { value: '0 12px 40px rgba(0, 0, 0, 0.45)' },
        },
        state: { inactive: { backgroundColor: { value: palette.page } } },
      },
      button: {
        primary: {
          backgroundColor: { value: palette.primary },
          color: { value: palette.onPrimary },
          _hover: {
            backgroundColor: { value: palette.primaryHover },
            color: { value: palette.onPrimary },
          },
          _focus: {
            backgroundColor: { value: palette.primaryHover },
            color: { value: palette.onPrimary },
          },
          _active: {
            backgroundColor: { value: palette.primaryActive },
            color: { value: palette.onPrimary },
          },
          _loading: {
            backgroundColor: { value: palette.primaryActive },
            color: { value: palette.onPrimary },
          },
          _disabled: {
            backgroundColor: { value: palette.border },
            color: { value: palette.textMuted },
          },
        },
        link: {
          color: { value: palette.primary },
          _hover: {
            color: { value: palette.primaryHover },
            backgroundColor: { value: 'transparent' },
          },
          _focus: {
            color: { value: palette.primaryHover },
            backgroundColor: { value: 'transparent' },
          },
          _active: {
            color: { value: palette.primaryActive },
            backgroundColor: { value: 'transparent' },
          },
        },
      },
      tabs: {
        borderColor: { value: palette.border },
        item: {
          color: { value: palette.textMuted },
          borderColor: { value: palette.border },
          _hover: { color: { value: palette.primaryHover } },
          _active: {
            color: { value: palette.primary },
            borderColor: { value: palette.primary },
            backgroundColor: { value: 'transparent' },
          },
          _focus: { color: { value: palette.primary } },
        },
      },
      fieldcontrol: {
        borderColor: { value: palette.borderStrong },
        color: { value: palette.text },
        _focus: {
          borderColor: { value: palette.primary },
          boxShadow: { value: `0 0 0 1px ${palette.primary}` },
        },
      },
    },
  },
  overrides: [defaultDarkModeOverride, { colorMode: 'dark', tokens: bullpenDarkTokens }],
};
