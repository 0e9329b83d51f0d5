// Every API call carries a fixed ID token; the network itself is msw's.
jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn(async () => ({ tokens: { idToken: { toString: () => 'test-id-token' } } })),
}));

// A loaded CI machine renders and types slower than jest's 5 s default; the project-level
// testTimeout is ignored in the multi-project run, so it is set here.
jest.setTimeout(30_000);
