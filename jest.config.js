// `npm test` runs every workspace's unit and integration tests as one jest run, and the tests of scripts/.
module.exports = {
  projects: [
    'contract',
    'shared',
    'api',
    'user-pool',
    'host',
    'remote-auth',
    'remote-contests',
    'remote-trading',
    'remote-profile',
    'scripts',
    'tooling/rspack-config',
    'tooling/release-store',
    'tooling/massive-stand-in',
    'tooling/sns-stand-in',
    'bench',
  ].map((dir) => `<rootDir>/${dir}`),
};
