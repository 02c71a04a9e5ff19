// The names the telemetry core gives its windows ("Window 1", "Window 2", …;
// TelemetryApi.claimWindowName), shared by the core, which hands them out,
// and the UI, which saves each window's plot layout and map view under its.

/** The first window's name: it keeps the storage keys used before windows had names. */
export const FIRST_WINDOW_NAME = "Window 1";

const WINDOW_NAME = /^Window [1-9]\d{0,3}$/;

/** A name of the form the core gives out (a saved name of another form is not honoured). */
export function isWindowName(name: unknown): name is string {
  return typeof name === "string" && WINDOW_NAME.test(name);
}
