// The source switch (SPEC §4): which source is live and when each runs.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConnectionType } from "../../workers/contract/fields";
import { resolveConfig } from "../../workers/telemetry/service/config";
import { LiveLinks } from "../../workers/telemetry/service/liveLinks";
import type { SourceSink } from "../../workers/telemetry/sources/SourceSink";
import { SourceSwitch } from "../../workers/telemetry/sources/SourceSwitch";
import { realTimers } from "../../workers/telemetry/sources/timers";

function makeSwitch(config: Record<string, unknown> = {}) {
  const links = new LiveLinks(() => Date.now());
  const packets: ConnectionType[] = [];
  const switches: Array<[ConnectionType, ConnectionType]> = [];
  const settled: ConnectionType[] = [];
  const sources = new SourceSwitch({
    config: resolveConfig({ connectToBackend: false, ...config }),
    links,
    timers: realTimers,
    demoSeed: 1,
    sinkFor: (kind): SourceSink => ({
      packet: () => void packets.push(kind),
      connection: (patch) => sources.linksReported(patch),
      latency: () => undefined,
      notify: () => undefined,
      lapData: () => undefined,
      lapCoords: () => undefined,
      raceInfo: () => undefined,
    }),
    switching: (from, to) => void switches.push([from, to]),
    settled: (type) => void settled.push(type),
  });
  return { sources, links, packets, switches, settled };
}

describe("SourceSwitch", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("starts in the configured type and runs the demo only while DEMO is live", () => {
    const { sources, packets } = makeSwitch();
    expect(sources.running).toBe(false);
    sources.start();
    expect(sources.type).toBe("DEMO");
    vi.advanceTimersByTime(2000);
    expect(packets.length).toBe(5); // one at once, then one every 500 ms
    sources.choose("RADIO");
    vi.advanceTimersByTime(2000);
    expect(packets.length).toBe(5);
    sources.choose("DEMO");
    expect(packets.length).toBe(6);
    sources.stop();
    vi.advanceTimersByTime(2000);
    expect(packets.length).toBe(6);
  });

  it("a saved RADIO choice generates no demo packet", () => {
    const { sources, packets } = makeSwitch({ connectionType: "RADIO" });
    sources.start();
    vi.advanceTimersByTime(5000);
    expect(sources.type).toBe("RADIO");
    expect(packets).toEqual([]);
  });

  it("a socket or radio that connects while in DEMO takes over, telling the core first", () => {
    const { sources, switches, settled } = makeSwitch();
    sources.start();
    sources.linksReported({ socketConnected: true });
    expect(sources.type).toBe("NETWORK");
    expect(switches).toEqual([["DEMO", "NETWORK"]]);
    expect(settled.at(-1)).toBe("NETWORK");
    // Outside DEMO nothing takes over: the user chose.
    sources.linksReported({ radioConnected: true });
    expect(sources.type).toBe("NETWORK");
    expect(switches).toHaveLength(1);
    sources.stop();
  });

  it("a radio stream that connects in DEMO takes over; none is read while stopped", async () => {
    const { sources, packets } = makeSwitch();
    const stream = () =>
      new ReadableStream<Uint8Array>({
        start: (c) => void c.enqueue(new TextEncoder().encode('{"a":1}\n')),
      });
    sources.attachRadio(stream());
    expect(sources.radio.connected).toBe(false); // the core is not running
    sources.start();
    sources.attachRadio(stream());
    expect(sources.type).toBe("RADIO");
    await vi.waitFor(() => expect(packets.at(-1)).toBe("RADIO"));
    sources.stop();
    expect(sources.radio.connected).toBe(false);
  });

  it("choosing the type already live changes nothing", () => {
    const { sources, switches } = makeSwitch();
    sources.start();
    sources.choose("DEMO");
    expect(switches).toEqual([]);
    sources.stop();
  });
});
