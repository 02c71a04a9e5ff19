// Whether this window's line to the telemetry core answers (src/shell/wiring/
// coreWatch.ts sets it): the status bar says so while it does not, since the
// numbers on screen are then not live.
import { proxy } from "valtio";

export type CoreLine = "answers" | "silent" | "busy";

export const coreLineState = proxy<{ line: CoreLine }>({ line: "answers" });
