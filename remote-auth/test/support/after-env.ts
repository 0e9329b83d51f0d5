import '@testing-library/jest-dom';

// Whole widget flows (with SRP arithmetic) on a shared 2-core machine: room, not a time budget. (`testTimeout` in a
// project's config is ignored when jest runs every workspace as projects.)
jest.setTimeout(30_000);

// Amplify warns on every configure that points at a custom (local) pool endpoint: expected here.
const warn = console.warn.bind(console);
jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('custom Amazon Amazon Cognito User Pool endpoint')) return;
  warn(...args);
});
