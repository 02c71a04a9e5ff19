// The start-up check of the engine.io internals the reader transport builds on
// (workers/telemetry/sources/polling/pollingInternals.ts), and how diagnostics
// words the outcome.
import { Fetch } from "engine.io-client";
import { describe, expect, it } from "vitest";
import { missingPollingInternals } from "../../workers/telemetry/sources/polling/pollingInternals";
import { formatPollReading } from "../../src/shell/diagnostics/pollReadingText";
import { LiveLinks } from "../../workers/telemetry/service/liveLinks";

/** engine.io's Fetch with one method gone (or replaced), as another version might ship it. */
function fetchWith(name: string, value: unknown): typeof Fetch {
  const Changed = class extends Fetch {};
  Object.defineProperty(Changed.prototype, name, { value, configurable: true });
  return Changed;
}

describe("the engine.io internals check", () => {
  it("passes on the installed engine.io-client", () => {
    expect(missingPollingInternals()).toEqual([]);
  });

  it("names _poll when a version lacks it", () => {
    expect(missingPollingInternals(fetchWith("_poll", undefined))).toEqual(["_poll"]);
  });

  it("names a renamed hook readerPolling overrides", () => {
    expect(missingPollingInternals(fetchWith("onData", undefined))).toEqual(["onData"]);
  });

  it("names _polling when _poll no longer sets it", () => {
    const pollOnly = function (this: { doPoll(): void }) {
      this.doPoll();
    };
    expect(missingPollingInternals(fetchWith("_poll", pollOnly))).toEqual([
      "_polling (set by _poll)",
    ]);
  });

  it("names _polling when _poll throws on a bare object", () => {
    const throws = () => {
      throw new Error("needs a socket");
    };
    expect(missingPollingInternals(fetchWith("_poll", throws))).toEqual([
      "_polling (set by _poll)",
    ]);
  });

  it("says the class is missing when there is none", () => {
    expect(missingPollingInternals({} as unknown as typeof Fetch)).toEqual([
      "the Fetch polling transport",
    ]);
  });
});

describe("how long-polling answers are read, in the connection state and diagnostics", () => {
  it("keeps the last report in the connection state", () => {
    const links = new LiveLinks(() => 0);
    expect(links.read().pollReading).toBeNull();
    links.apply({ pollReading: { by: "engine.io stock polling", missing: ["_poll"] } });
    links.apply({ socketConnected: true });
    expect(links.read().pollReading).toEqual({ by: "engine.io stock polling", missing: ["_poll"] });
  });

  it("words each way for the diagnostics line", () => {
    expect(formatPollReading(null)).toBe("not dialled yet");
    expect(formatPollReading(undefined)).toBe("not dialled yet");
    expect(formatPollReading({ by: "poll reader worker" })).toBe("read by the poll reader worker");
    expect(formatPollReading({ by: "telemetry worker" })).toBe(
      "read on the telemetry worker's thread (no poll reader worker)",
    );
    expect(formatPollReading({ by: "engine.io stock polling", missing: ["_poll", "onData"] })).toBe(
      "engine.io's stock polling (engine.io internals missing: _poll, onData)",
    );
  });
});
