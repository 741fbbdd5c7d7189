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
      severity: "error",
      from: { path: "^apps/web/src/" },
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
      name: "web-shared-not-app",
      severity: "error",
      from: { path: "^apps/web/src/(features|components|lib|hooks|utils|config)/" },
      to: { path: "^apps/web/src/app/" },
    },
    {
      name: "server-services-no-hono",
      severity: "error",
      from: { path: "^apps/server/src/services/" },
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
