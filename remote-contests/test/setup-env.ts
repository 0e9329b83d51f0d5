// Runs before each test file: a fixed identity token instead of a real Amplify session.
jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn(async () => ({ tokens: { idToken: { toString: () => 'test-id-token' } } })),
}));
