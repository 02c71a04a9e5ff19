// The analyses that plug in, named once for both threads. The worker's registry
// (workers/telemetry/features.ts) and the UI's table of tabs and routes
// (src/shell/navbar/tabs.tsx) are keyed by these ids; a test checks that every
// feature with a panel has its tab. Types only, like the rest of the contract.

/** A registered analysis: derived power and math channels, alerts, lap energy and analysis, strategy, weather forecasts, notes. */
export type FeatureId = "math" | "alerts" | "laps" | "strategy" | "weather" | "notes";
