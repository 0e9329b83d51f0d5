/** The name the sign-in page's theme CSS is scoped by (`[data-amplify-theme="bullpen-auth"]`): the page's markup and
 *  the theme (whose CSS is written at build time) share it, and only it, so the page does not load the theme's tokens. */
export const BULLPEN_AUTH_THEME_NAME = 'bullpen-auth';
