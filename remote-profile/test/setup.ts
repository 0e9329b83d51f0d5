// Every API call carries a fixed ID token; the network itself is msw's.
jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn(async () => ({ tokens: { idToken: { toString: () => 'test-id-token' } } })),
}));
