import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist", "dist-*", "node_modules", "test-results", "playwright-report"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // The UI stays out of worker internals: from workers/ it may import the
      // contract (types only), the shared unit conversion and the simulated
      // track's map defaults (plain constants the map needs before any data).
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "(^|/)workers/(?!(contract|units|sources/demo/trackCoords|render/liveWindow|render/timeAxis)$)",
              message:
                "src/ may import from workers/ only the contract (as types), workers/units, the demo track's map defaults, and the plots' pure live-window and time-axis maths (workers/render/liveWindow, timeAxis), which the render worker shares.",
            },
            {
              group: ["**/workers/contract"],
              allowTypeImports: true,
              message: "Import the worker contract with `import type` (no worker code in the UI).",
            },
          ],
        },
      ],
    },
  },
  { files: ["workers/**/*.ts"], languageOptions: { globals: globals.worker } },
  {
    files: ["feed-server/**", "bench/**", "tests/**", "*.ts", "*.js"],
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
