// npm run theme -w remote-auth: writes the sign-in page's theme CSS from bullpen-auth-theme.ts (see theme-css.ts).
import { writeFileSync } from 'node:fs';
import { THEME_CSS_FILE, themeCssFile } from './theme-css';

writeFileSync(THEME_CSS_FILE, themeCssFile());
console.log(`wrote ${THEME_CSS_FILE}`);
