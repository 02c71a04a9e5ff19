// Whether this window's line to the telemetry core answers (src/shell/wiring/
// coreWatch.ts sets it): the status bar says so while it does not, since the
// numbers on screen are then not live.
import { proxy } from "valtio";

/** silent, busy: no answer (a busy one waited for); stopped: gone; replacing: a new core is started. */
export type CoreLine = "answers" | "silent" | "busy" | "stopped" | "replacing";

export const coreLineState = proxy<{ line: CoreLine }>({ line: "answers" });
