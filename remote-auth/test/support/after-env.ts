import '@testing-library/jest-dom';

// Amplify warns on every configure that points at a custom (local) pool endpoint: expected here.
const warn = console.warn.bind(console);
jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('custom Amazon Amazon Cognito User Pool endpoint')) return;
  warn(...args);
});
