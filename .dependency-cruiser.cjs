// Imports flow one way: shared → features → app shell (DESIGN §2). These rules make the build say so.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-app-into-features',
      comment:
        'A feature is built from shared code and its own files; the app shell composes features, not the reverse.',
      severity: 'error',
      from: { path: '(^|/)src/features/' },
      to: { path: '(^|/)src/app/' },
    },
    {
      name: 'no-app-into-shared',
      comment: '@bullpen/shared is below every app: it never reaches into an app shell.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '(^|/)src/app/' },
    },
    {
      name: 'no-cross-feature',
      comment:
        'A feature never reaches into another feature\'s folder (DESIGN §2: "never imports another feature\'s internals"). ' +
        "Only a feature's index.ts, its deliberate public surface, may be imported by a sibling.",
      severity: 'error',
      from: { path: '^([^/]+)/src/features/([^/]+)/' },
      to: {
        path: '^$1/src/features/[^/]+/',
        pathNot: ['^$1/src/features/$2/', '^$1/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'shared-imports-no-app',
      comment: '@bullpen/shared never imports the host, a remote, the API or the user pool.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(host|remote-[^/]+|api|user-pool)/' },
    },
    {
      name: 'contract-imports-no-app',
      comment:
        '@bullpen/contract is below everything: the API and the apps import it, it imports none of them, nor ' +
        '@bullpen/shared.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(shared|host|remote-[^/]+|api|user-pool|tooling|e2e|bench|scripts)/' },
    },
    {
      name: 'contract-only-zod',
      comment:
        "@bullpen/contract's one dependency is zod: no React, no Amplify, nothing of the browser, so the API can " +
        'import it.',
      severity: 'error',
      from: { path: '^contract/', pathNot: '\\.test\\.ts$' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'npm-no-pkg', 'npm-unknown'],
        pathNot: 'node_modules/zod/',
      },
    },
    {
      name: 'api-imports-no-shared',
      comment: "The API takes the contract from @bullpen/contract, never from the apps' @bullpen/shared.",
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^shared/' },
    },
    {
      name: 'no-direct-router',
      comment:
        'The router is shared through @bullpen/shared (shared/src/router): a direct react-router-dom import in an app ' +
        'would bring a second router, with its own context, into a remote.',
      severity: 'error',
      from: { path: '^(host|remote-[^/]+)/src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: 'node_modules/react-router(-dom)?/' },
    },
    {
      name: 'api-sql-in-db',
      comment:
        'The API writes SQL only in its repositories (api/src/db/): routes validate and answer, use cases hold the ' +
        "rules, neither builds a query nor touches the schema; the clock's per-tick worker (api/src/clock/) keeps its " +
        'steps and rules and calls the set-based statements of db/.',
      severity: 'error',
      from: { path: '^api/src/', pathNot: ['^api/src/db/', '\\.test\\.ts$'] },
      to: { path: ['node_modules/drizzle-orm/', 'node_modules/pg/', '^api/src/db/schema\\.ts$'] },
    },
    {
      name: 'api-routes-call-use-cases',
      comment:
        'A route file validates the request, calls a use case and maps its result to the reply; the API is built ' +
        'from routes, never the other way round.',
      severity: 'error',
      from: { path: '^api/src/(?!routes/|app\\.ts$|server\\.ts$)' },
      to: { path: '^api/src/routes/' },
    },
    {
      name: 'api-routes-no-db',
      comment:
        'Routes call use cases (contests/, trading/, results/, users/, health/, live/), which call the repositories of ' +
        'db/: a route never reaches a repository, nor its row types, itself.',
      severity: 'error',
      from: { path: '^api/src/routes/' },
      to: { path: '^api/src/db/' },
    },
    {
      name: 'api-imports-no-scripts',
      comment:
        'scripts/ is the ops CLI and the local stack; the API never imports it. What both need is a package of its own ' +
        '(the release store: @bullpen/release-store).',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'no-circular',
      comment: 'Circular imports make load order matter and hide a missing module boundary.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^[^/]+/(dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    combinedDependencies: true,
  },
};
