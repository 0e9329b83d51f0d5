export default async function globalTeardown() {
  const stack = globalThis.__BULLPEN_E2E_STACK__;
  if (stack) await stack.stop();
}
