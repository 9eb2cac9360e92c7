// Import rules, checked by `npm test`'s lint part (scripts/test.mjs); see docs/architecture.md and
// docs/decisions/0090-layout-rules.md. Type-only imports count: swc parses them and
// tsPreCompilationDeps keeps them.
const notTest = "(\\.test\\.tsx?$|^src/server/test/)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circles anywhere in src/, type-only imports included.",
      from: {},
      to: { circular: true },
    },
    {
      name: "client-features-apart",
      severity: "error",
      comment: "A client feature imports no other feature (docs/decisions/0020-client-layers.md).",
      from: { path: "^src/client/features/([^/]+)/" },
      to: { path: "^src/client/features/", pathNot: "^src/client/features/$1/" },
    },
    {
      name: "client-shared-below-features",
      severity: "error",
      comment: "Shared client pieces, lib and ui never import a feature or the app shell.",
      from: { path: "^src/client/(shared|lib|ui)/" },
      to: { path: "^src/client/(features|app)/" },
    },
    {
      name: "client-lib-ui-below-shared",
      severity: "error",
      comment: "lib and ui sit below the shared pieces.",
      from: { path: "^src/client/(lib|ui)/" },
      to: { path: "^src/client/shared/" },
    },
    {
      name: "shared-imports-no-side",
      severity: "error",
      comment: "src/shared is imported by client and server and imports neither.",
      from: { path: "^src/shared/" },
      to: { path: "^src/(client|server)/" },
    },
    {
      name: "client-server-apart",
      severity: "error",
      comment: "The browser bundle never reaches server code, and the server never imports the client.",
      from: { path: "^src/(client|server)/", pathNot: notTest },
      to: { path: "^src/(client|server)/", pathNot: ["^src/$1/"] },
    },
    {
      name: "server-layers-one-way",
      severity: "error",
      comment:
        "db, infrastructure, plugins and AppDeps sit below the feature modules and never import one " +
        "(src/server: db → infrastructure → plugins → modules → app.ts).",
      from: { path: "^src/server/(db|infrastructure|plugins|app-deps\\.ts|config\\.ts)", pathNot: notTest },
      to: { path: "^src/server/(modules|seed|cli)/" },
    },
    {
      name: "infrastructure-below-plugins",
      severity: "error",
      comment: "Infrastructure and db do not reach up into the HTTP plugins.",
      from: { path: "^src/server/(db|infrastructure)/", pathNot: notTest },
      to: { path: "^src/server/plugins/" },
    },
    {
      name: "db-below-infrastructure",
      severity: "error",
      comment: "db/ is the bottom of the server: schema, migrations, the connection.",
      from: { path: "^src/server/db/", pathNot: notTest },
      to: { path: "^src/server/(infrastructure|plugins|app-deps\\.ts)" },
    },
    {
      name: "app-is-the-root",
      severity: "error",
      comment: "Only the entry points and tests import app.ts, the composition root.",
      from: { path: "^src/server/", pathNot: [notTest, "^src/server/(main|cli/)"] },
      to: { path: "^src/server/app\\.ts$" },
    },
    {
      name: "modules-meet-at-the-front-door",
      severity: "error",
      comment:
        "A module reaches another only through its service or index.ts, never its repository " +
        "(docs/architecture.md, Modules); folder circles are checked by scripts/check-module-cycles.mjs.",
      from: { path: "^src/server/modules/([^/]+)/", pathNot: notTest },
      to: {
        path: "^src/server/modules/[^/]+/[^/]*repository\\.ts$",
        pathNot: "^src/server/modules/$1/",
      },
    },
    {
      name: "screens-import-nothing-back",
      severity: "error",
      comment:
        "A screen's read model (dashboard, admin bookings, audit log, insights) reads other modules; no " +
        "module imports it back (docs/architecture.md, Modules).",
      from: { path: "^src/server/modules/([^/]+)/", pathNot: notTest },
      to: {
        path: "^src/server/modules/(dashboard|admin-bookings|audit-log|insights)/",
        pathNot: "^src/server/modules/$1/",
      },
    },
    {
      name: "kysely-only-in-repositories",
      severity: "error",
      comment:
        "Runtime imports from kysely (sql, helpers) only in repositories and db/; everyone else may " +
        "import its types. The calls themselves are checked by scripts/check-queries.mjs.",
      from: {
        path: "^src/server/",
        pathNot: [notTest, "(^|/|-)repository\\.ts$", "^src/server/db/"],
      },
      to: { path: "node_modules/kysely/", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    parser: "swc",
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
