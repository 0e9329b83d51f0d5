import { z } from 'zod';

// In the browser the host's Content-Security-Policy forbids eval, and zod's object parser would otherwise probe
// `new Function` (a CSP violation report on every page) before falling back. The setting is read when a schema is
// built, so every schema module takes `z` from here (package.json lists this module under sideEffects, or the
// bundler would link `z` straight to zod and drop the setting). The server keeps zod's faster compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
