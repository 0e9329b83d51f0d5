// Amplify's SRP runs 3072-bit arithmetic in JavaScript: on a busy shared machine a flow of several sign-ins needs more
// than jest's default 5 s (a project-level testTimeout is ignored when jest runs several projects).
jest.setTimeout(60_000);
