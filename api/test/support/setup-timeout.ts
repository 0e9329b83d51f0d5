// Integration tests open databases and run whole contests; `testTimeout` in a project config is ignored when jest
// runs every workspace together, so the timeout is set here.
jest.setTimeout(60_000);
