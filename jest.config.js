// `npm test` runs every workspace's unit and integration tests as one jest run.
module.exports = {
  projects: ['shared', 'api', 'user-pool', 'host', 'remote-auth', 'remote-contests', 'remote-trading', 'remote-profile'].map(
    (dir) => `<rootDir>/${dir}`,
  ),
};
