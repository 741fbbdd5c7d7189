/** Import boundaries from shared/design/house-rules.md ("apps compose, packages provide"). */
module.exports = {
  forbidden: [
    {
      name: "web-only-contracts",
      comment: "The web app may import contracts, and the server only for types (AppType).",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^(packages/(db|instagram-graph)|apps/instagram-sandbox)/" },
    },
    {
      name: "web-server-type-only",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^apps/server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-no-node-builtins",
      comment:
        "The browser has no Node: only the web app's tests and their helpers (src/testing), which Vitest runs in Node, may read files.",
      severity: "error",
      from: { path: "^apps/web/src/", pathNot: ["\\.test\\.tsx?$", "^apps/web/src/testing/"] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "server-not-web",
      severity: "error",
      from: { path: "^apps/server/" },
      to: { path: "^apps/web/" },
    },
    {
      name: "sandbox-isolated",
      comment: "The sandbox shares only response schemas with the client.",
      severity: "error",
      from: { path: "^apps/instagram-sandbox/" },
      to: { path: "^(packages/db|apps/server|apps/web)/" },
    },
    {
      name: "packages-not-apps",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    {
      name: "packages-only-contracts",
      severity: "error",
      from: { path: "^packages/(?!contracts/)([^/]+)/" },
      to: { path: "^packages/(?!contracts/|$1/)" },
    },
    {
      name: "contracts-standalone",
      severity: "error",
      from: { path: "^packages/contracts/" },
      to: { path: "^packages/(?!contracts/)" },
    },
    {
      name: "web-feature-no-sibling",
      comment:
        "A feature never imports a sibling feature; two features meet only in a route module.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-feature-api-only-through-the-typed-client",
      comment:
        "A web feature's api/ files reach the server only through the typed client (lib/api-client.ts, hc<AppType>) or Better Auth's session client, never through another HTTP library.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/api/" },
      to: {
        path: "^apps/web/src/|node_modules/(hono|axios|ky|ofetch|better-auth)/",
        pathNot:
          "^apps/web/src/(features/$1/|lib/(api-client|api-error)[.]ts$|lib/session/session-client[.]ts$|lib/realtime/)",
      },
    },
    {
      name: "web-shared-not-app",
      severity: "error",
      from: { path: "^apps/web/src/(features|components|lib|hooks|utils|config)/" },
      to: { path: "^apps/web/src/app/" },
    },
    {
      name: "server-feature-entered-only-through-its-index",
      comment:
        "A server feature reaches another only through that feature's index.ts (its only door).",
      severity: "error",
      from: { path: "^apps/server/src/features/([^/]+)/" },
      to: {
        path: "^apps/server/src/features/[^/]+/",
        pathNot: "^apps/server/src/features/($1/|[^/]+/index[.]ts$)",
      },
    },
    {
      name: "server-feature-entered-only-through-its-index-from-outside",
      comment: "Code outside the features (root, testing, bench) enters a feature by its index.ts.",
      severity: "error",
      from: { path: "^apps/server/", pathNot: "^apps/server/src/features/" },
      to: {
        path: "^apps/server/src/features/[^/]+/",
        pathNot: "^apps/server/src/features/[^/]+/index[.]ts$",
      },
    },
    {
      name: "server-radars-press-and-trend-apart",
      comment:
        "Press Radar and Trend Radar share only radars/context.ts; neither imports the other.",
      severity: "error",
      from: { path: "^apps/server/src/features/radars/(press|trend)/" },
      to: {
        path: "^apps/server/src/features/radars/(press|trend)/",
        pathNot: "^apps/server/src/features/radars/$1/",
      },
    },
    {
      name: "server-platform-imports-no-feature-and-no-env",
      comment:
        "platform/ is what every feature is given: it knows no feature, and gets its settings passed in (never env.ts).",
      severity: "error",
      from: { path: "^apps/server/src/platform/" },
      to: {
        path: "^apps/server/src/(features/|middleware/|auth/|bench/|commands/|env[.]ts$|app[.]ts$|deps[.]ts$|build-server[.]ts$|index[.]ts$|sandbox-mount[.]ts$)",
      },
    },
    {
      name: "server-lib-imports-only-lib",
      comment:
        "lib/ holds plain helpers: nothing above it (platform, features, the root) is imported.",
      severity: "error",
      from: { path: "^apps/server/src/lib/" },
      to: { path: "^apps/server/src/", pathNot: "^apps/server/src/(lib|testing)/" },
    },
    {
      name: "server-no-back-arrow-to-the-root",
      comment:
        "Imports point down: root files (index, build-server, app, deps, env, sandbox-mount) → features → auth, middleware → platform → lib. Nothing below imports a root file, testing/ or bench/.",
      severity: "error",
      from: {
        path: "^apps/server/src/(features|auth|middleware|platform|lib)/",
        pathNot: "[.]test[.]ts$",
      },
      to: {
        path: "^apps/server/src/(testing/|bench/|commands/|[^/]+[.]ts$)",
      },
    },
    {
      name: "server-testing-helpers-only-in-tests",
      comment: "testing/ (createTestApp, factories) is for tests and benchmarks, never the app.",
      severity: "error",
      from: { path: "^apps/server/", pathNot: "^apps/server/src/(testing|bench)/|[.]test[.]ts$" },
      to: { path: "^apps/server/src/testing/" },
    },
    {
      name: "server-middleware-and-auth-import-no-feature",
      severity: "error",
      from: { path: "^apps/server/src/(auth|middleware)/" },
      to: { path: "^apps/server/src/features/" },
    },
    {
      name: "server-sandbox-only-in-tests-and-the-root-sandbox-mount",
      comment:
        "The Instagram sandbox is test and demo equipment: at run time only the composition root's sandbox mount (sandbox-mount.ts) builds it; features get it injected.",
      severity: "error",
      from: {
        path: "^apps/server/",
        pathNot: "^apps/server/src/(testing/|bench/|sandbox-mount[.]ts$)|[.]test[.]ts$",
      },
      to: { path: "^apps/instagram-sandbox/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-services-no-hono",
      comment: "A feature's services (anything but its routes) take no Hono types.",
      severity: "error",
      from: {
        path: "^apps/server/src/features/.+/(service|[^/]*-service|send-reply|comment-actions|schedule-draft)[.]ts$",
      },
      to: { path: "node_modules/hono/" },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true, pathNot: "node_modules" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|node_modules|\\.data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
