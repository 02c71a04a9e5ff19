// The source switch (SPEC §4): which source is live and when each runs.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConnectionType } from "../../workers/contract/fields";
import type { TelemetryPacket } from "../../workers/telemetry/schema/packetSchema";
import { resolveConfig } from "../../workers/telemetry/service/config";
import { LiveLinks } from "../../workers/telemetry/service/liveLinks";
import type { SourceSink } from "../../workers/telemetry/sources/SourceSink";
import { SourceSwitch } from "../../workers/telemetry/sources/SourceSwitch";
import { realTimers } from "../../workers/telemetry/sources/timers";

function makeSwitch(config: Record<string, unknown> = {}) {
  const links = new LiveLinks(() => Date.now());
  const packets: ConnectionType[] = [];
  const demoPackets: TelemetryPacket[] = [];
  const switches: Array<[ConnectionType, ConnectionType]> = [];
  const settled: ConnectionType[] = [];
  const sources = new SourceSwitch({
    config: resolveConfig({ connectToBackend: false, ...config }),
    links,
    timers: realTimers,
    demoSeed: 1,
    sinkFor: (kind): SourceSink => ({
      packet: (packet) => {
        packets.push(kind);
        if (kind === "DEMO") demoPackets.push(packet as TelemetryPacket);
      },
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
  return { sources, links, packets, demoPackets, switches, settled };
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

  it("drives the demo car the configuration names (?demoCar=linear: the heavier car)", () => {
    /** The power the car draws over its last 20 s of a minute from a standing start, W. */
    const drawnW = (config: Record<string, unknown>) => {
      const { sources, demoPackets } = makeSwitch({ demoRate: 10, ...config });
      sources.start();
      vi.advanceTimersByTime(60_000);
      sources.stop();
      const last = demoPackets.slice(-200);
      const watts = last.map((p) => {
        const m = p.MPPT as unknown as Record<string, number>;
        let array = 0;
        for (const unit of [0, 1, 2, 3])
          for (const ch of [0, 1])
            array += m[`Mppt${unit}Ch${ch}ArrayVoltage`]! * m[`Mppt${unit}Ch${ch}ArrayCurrent`]!;
        return p.Battery.PackVoltage * p.Battery.PackCurrent + 0.98 * array;
      });
      return watts.reduce((a, b) => a + b, 0) / watts.length;
    };
    // At the demo's 65 km/h the light car draws under 1.2 kW, the linear car over 2 kW.
    expect(drawnW({})).toBeLessThan(1200);
    expect(drawnW({ demoCar: "light" })).toBeLessThan(1200);
    expect(drawnW({ demoCar: "linear" })).toBeGreaterThan(2000);
    expect(drawnW({ demoCar: "truck" })).toBeLessThan(1200);
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
