// Where a window's core runs (issue 38): shared where the browser has
// SharedWorker, its own with ?sharedCore=0 or without SharedWorker; and how
// Diagnostics says it.
import { describe, expect, it } from "vitest";
import { hostingFor } from "../../src/worker-client/TelemetryClient";
import { formatWindows } from "../../src/ui/format/windowsFormat";

describe("where the core runs", () => {
  it("shared with SharedWorker; own with ?sharedCore=0 or without SharedWorker", () => {
    expect(hostingFor("", true)).toBe("shared");
    expect(hostingFor("?backend=x&sharedCore=1", true)).toBe("shared");
    expect(hostingFor("?sharedCore=0", true)).toBe("own");
    expect(hostingFor("", false)).toBe("own");
  });

  it("own in a window whose shared core's script failed to load before", () => {
    expect(hostingFor("", true, true)).toBe("own");
  });

  it("Diagnostics says how many windows share the core and where it runs", () => {
    expect(formatWindows({ hosting: "shared", count: 2, recorder: "core" })).toBe(
      "2 windows share one core, in a shared worker (one connection, one recording)",
    );
    expect(formatWindows({ hosting: "shared", count: 1, recorder: "core" })).toMatch(
      /^1 window uses one core/,
    );
    expect(formatWindows({ hosting: "own", count: 1, recorder: "another window" })).toContain(
      "another window of this app records the car",
    );
    expect(formatWindows(undefined)).toBe("not known yet");
  });
});
