import path from 'node:path';
import { createConfig } from '@bullpen/rspack-config';
import { exposes } from './src/exposes';

const services = path.join(__dirname, 'src/features/authenticator/services');
const theme = path.join(__dirname, 'src/features/authenticator/theme');
const amplifyUiReact = path.join(path.dirname(require.resolve('@aws-amplify/ui-react')), 'esm');
const amplifyUi = path.join(path.dirname(require.resolve('@aws-amplify/ui')), 'esm');
const amplifyUiDictionaries = path.join(amplifyUi, 'i18n/dictionaries/authenticator');
const otherLanguages = [
  'de',
  'es',
  'fr',
  'he',
  'hu',
  'id',
  'it',
  'ja',
  'kr',
  'nb',
  'nl',
  'pl',
  'pt',
  'ru',
  'sv',
  'th',
  'tr',
  'ua',
  'zh',
];

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      dir: __dirname,
      name: 'remote_auth',
      port: Number(process.env.REMOTE_AUTH_PORT ?? 3001),
      title: 'Bullpen · remote-auth',
      exposes,
      aliases: {
        // The Authenticator imports `qrcode` for one screen, the authenticator-app setup: the encoder loads when that
        // screen draws its code instead of with the sign-in page.
        qrcode$: path.join(services, 'lazy-qrcode.ts'),
        // Amplify UI's theme context computes the whole default theme, CSS text included, as it loads; the primitives
        // read only its tokens and breakpoints (theme/theme-context.ts).
        [path.join(amplifyUiReact, 'components/ThemeProvider/ThemeContext.mjs')]: path.join(theme, 'theme-context.ts'),
        // ...so the component tokens, which only createTheme reads, are left out (theme/no-component-tokens.ts).
        [path.join(amplifyUi, 'theme/tokens/components/index.mjs')]: path.join(theme, 'no-component-tokens.ts'),
        // Amplify UI keeps every language's dictionary in one object that the Authenticator's text helper imports;
        // Bullpen speaks English, so the others are empty.
        ...Object.fromEntries(
          otherLanguages.map((language) => [
            path.join(amplifyUiDictionaries, `${language}.mjs`),
            path.join(services, 'english-only-dictionaries.ts'),
          ]),
        ),
      },
      // The sign-in page is drawn as soon as its chunk has arrived: its compilation overlaps the download instead.
      eagerCompile: true,
      wrappers: {
        // The Authenticator's calls to Amplify's auth category are all made after its form is drawn: the category
        // loads then, instead of with the chunk the form waits for.
        'aws-amplify/auth': path.join(services, 'lazy-amplify-auth.ts'),
        // Amplify UI only reads the configuration from aws-amplify's `Amplify`, which the host sets on core's.
        'aws-amplify': path.join(services, 'amplify-core-config.ts'),
      },
    },
    argv,
  );
