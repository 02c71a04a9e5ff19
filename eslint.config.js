import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// The UI stays out of the workers' rooms: from workers/ it may import the
// contract (as types) and workers/shared/ (code that runs on more than one
// thread). docs/architecture.md draws the rooms.
const uiWorkerPatterns = [
  {
    regex: "(^|/)workers/(?!(contract|shared)/)",
    message: "src/ may import from workers/ only the contract (as types) and workers/shared/.",
  },
  {
    group: ["**/workers/contract/*"],
    allowTypeImports: true,
    message: "Import the worker contract with `import type` (no worker code in the UI).",
  },
];

export default tseslint.config(
  { ignores: ["dist", "dist-*", "node_modules", "test-results", "playwright-report"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Scripts the service worker imports as they are (public/sw-pass.js).
  { files: ["public/**/*.js"], languageOptions: { globals: globals.serviceworker } },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [...uiWorkerPatterns],
        },
      ],
    },
  },
  // The UI's rooms: a panel imports neither the shell nor another panel, and
  // the pieces they share (src/ui, src/state, src/actions, src/worker-client)
  // import neither. Only the shell's table of tabs reaches the panels. (A later
  // block's setting of a rule replaces an earlier one's, so each repeats the UI's.)
  ...[
    ["src/panels/*/**", "(^|/)(shell|panels)/|^\\.\\./(?!\\.)"],
    ["src/{ui,state,actions,worker-client}/**", "(^|/)(shell|panels)/"],
    ["src/shell/**", "(^|/)panels/", "src/shell/navbar/tabs.tsx"],
  ].map(([files, regex, allowed]) => ({
    files: [files],
    ignores: allowed ? [allowed] : [],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            ...uiWorkerPatterns,
            {
              regex,
              message:
                "A panel imports neither the shell nor another panel; shared pieces live in src/ui, src/state or src/actions (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  })),
  { files: ["workers/**/*.ts"], languageOptions: { globals: globals.worker } },
  // Each thread's folder is its room: it imports its own files, the contract
  // and workers/shared/, never another room (a thread starts another only by
  // its entry's URL). workers/shared/ and the contract import only themselves.
  ...[
    ["telemetry", ["render", "storage", "poll-reader"]],
    ["render", ["telemetry", "storage", "poll-reader"]],
    ["storage", ["telemetry", "render", "poll-reader"]],
    ["poll-reader", ["telemetry", "render", "storage"]],
    ["shared", ["telemetry", "render", "storage", "poll-reader"]],
    ["contract", ["telemetry", "render", "storage", "poll-reader", "shared"]],
  ].map(([room, others]) => ({
    files: [`workers/${room}/**/*.ts`],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `(^|/)\\.\\./(\\.\\./)*(${others.join("|")}|src)/`,
              message: `workers/${room}/ imports only its own room, workers/contract/ and workers/shared/ (docs/architecture.md).`,
            },
          ],
        },
      ],
    },
  })),
  // No peeking: the race strategy forecasts from telemetry and settings only,
  // never from the demo car's simulator or its constants (issue 35), so its
  // accuracy against the simulator means something. Repeats the room's rule
  // (a later block's setting replaces the earlier one).
  {
    files: ["workers/telemetry/strategy/**/*.ts", "workers/telemetry/weather/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)\\.\\./(\\.\\./)*(render|storage|poll-reader|src)/",
              message:
                "workers/telemetry/ imports only its own room, workers/contract/ and workers/shared/ (docs/architecture.md).",
            },
            {
              regex: "(^|/)(sources/demo|demo|feed-server|bench)(/|$)|(^|/)shared/trackCoords",
              message:
                "The strategy forecaster must not read the simulated car (sources/demo/, its track or constants) nor the bench's simulated weather forecasts (bench/): telemetry, settings and forecast files only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["feed-server/**", "bench/**", "tests/**", "*.ts", "*.js", "*.cjs"],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
);
