// What the build puts where Amplify UI imports `aws-amplify` (remote-auth/rspack.config.ts). Amplify UI takes one thing
// from it: `Amplify.getConfig()`, to read the user pool's settings (and the Authenticator's services here answer that
// question themselves). aws-amplify's own `Amplify` also brings the Cognito token and credentials providers it would
// install on `configure`, about 23 KB that the sign-in page never runs: the host configures Amplify, through core's
// singleton (shared/src/auth/amplify-session.ts), and this is that singleton, whose `getConfig()` returns that
// configuration.
export { Amplify } from '@aws-amplify/core';
