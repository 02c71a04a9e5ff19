// The worker room's import rules (docs/architecture.md, "Layers inside the
// telemetry worker"): no import cycles between files of workers/, type-only
// imports included, and three layers in workers/telemetry/, each importing
// only its own layer and those below it:
//   ground:   schema, history, pipeline, geo, stats, race, store, csv, parquet
//             (and workers/shared, workers/contract beside the room)
//   features: alerts, math, laps/analysis, strategy, weather, notes (the registered analyses)
//   top:      service, replay, sessions, sources, season, laps (the lap desk: the
//             server's laps), TelemetryService.ts, the entries
// A folder of workers/telemetry/ that no layer names fails the lint, so a new
// folder is placed on purpose. No crossing is tolerated: there is no list of
// known violations, so any one fails `npm run lint`.
const T = "^workers/telemetry/";
const GROUND = `${T}(schema|history|pipeline|geo|stats|race|store|csv|parquet)/`;
const FEATURES = `${T}(alerts|math|laps/analysis|strategy|weather|notes)/`;
const TOP = `${T}((service|replay|sessions|sources|season)/|laps/(?!analysis/)|[^/]+\\.ts$)`;
const PLACED = `${T}((schema|history|pipeline|geo|stats|race|store|csv|parquet|alerts|math|laps|strategy|weather|notes|service|replay|sessions|sources|season)/|[^/]+\\.ts$)`;

module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "Files of workers/ import one another without a cycle, type-only imports included.",
      severity: "error",
      from: { path: "^workers/" },
      to: { circular: true },
    },
    {
      name: "ground-imports-no-feature",
      comment: "The ground layer knows no feature: what it needs of them is handed down.",
      severity: "error",
      from: { path: GROUND },
      to: { path: [FEATURES, TOP] },
    },
    {
      name: "features-stay-below-the-core",
      comment: "A feature imports the ground and its own folder, never the core above it.",
      severity: "error",
      from: { path: FEATURES },
      to: { path: TOP },
    },
    {
      name: "core-imports-no-feature",
      comment:
        "The core, the facade, replay and sessions compose the registry (features.ts) and name no feature.",
      severity: "error",
      from: { path: `${T}((service|replay|sessions|season|store)/|TelemetryService\\.ts$)` },
      to: { path: FEATURES },
    },
    {
      name: "feature-imports-no-other-feature",
      comment: "Features are independent: what two share lives in the ground.",
      severity: "error",
      from: { path: `${T}(alerts|math|laps/analysis|strategy|weather|notes)/` },
      to: { path: FEATURES, pathNot: `${T}$1/` },
    },
    {
      name: "folder-without-layer",
      comment:
        "Every folder of workers/telemetry/ belongs to a layer (list it above and in docs/architecture.md).",
      severity: "error",
      from: { path: T, pathNot: PLACED },
      to: {},
    },
    {
      name: "import-of-folder-without-layer",
      comment:
        "What a file imports from workers/telemetry/ lies in a folder that belongs to a layer.",
      severity: "error",
      from: { path: T },
      to: { path: T, pathNot: PLACED },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.worker.json" },
  },
};
