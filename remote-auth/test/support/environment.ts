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
// Amplify UI's primitives ask for these; jsdom has none.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// Browsers expose a form's controls by name as properties of the form (`form.__authMethod`); jsdom does not,
// and the Authenticator's Create Account button relies on it. Emulate it for that one name.
if (!('__authMethod' in HTMLFormElement.prototype)) {
  Object.defineProperty(HTMLFormElement.prototype, '__authMethod', {
    configurable: true,
    get(this: HTMLFormElement) {
      return this.elements.namedItem('__authMethod') ?? undefined;
    },
  });
}
