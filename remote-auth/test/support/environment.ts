// DESIGN §7: what Amplify needs from a jsdom test environment. jest-fixed-jsdom already provides fetch,
// TextEncoder/TextDecoder and streams; these fill the rest only when missing.
import { webcrypto } from 'node:crypto';

if (!globalThis.crypto?.getRandomValues) {
  Object.defineProperty(globalThis, 'crypto', {
    value: webcrypto,
    configurable: true,
  });
}
if (!globalThis.crypto.subtle) {
  Object.defineProperty(globalThis.crypto, 'subtle', {
    value: webcrypto.subtle,
    configurable: true,
  });
}
