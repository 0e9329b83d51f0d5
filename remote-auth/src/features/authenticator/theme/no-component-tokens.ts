// What the build puts in place of Amplify UI's component tokens (remote-auth/rspack.config.ts): about 67 KB of
// defaults (5.8 KiB brotli) for every Amplify component, which only `createTheme` reads, to write them as CSS. The
// sign-in page never calls it: its theme CSS, component tokens included, is written at build time from the real tokens
// (scripts/theme-css.ts, run in Node.js without this replacement), and the theme context its primitives read is
// theme-context.ts, whose style props name design tokens only.
export const components = {};
