// The store writes only the stage columns in use (issue 57): a math channel
// slot that holds no channel gets no storage and no write per packet, while
// the starter channels' slots are written once they have a value, as before.
import { describe, expect, it, vi } from "vitest";
import { realisticPacket } from "../../bench/realisticPacket";
import { LAYOUT } from "../../workers/telemetry/features";
import { CHANNELS } from "../../workers/telemetry/math/channelRegistry";
import { MAX_CHANNELS, slotField } from "../../workers/telemetry/math/channelSlots";
import { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";

describe("the store's math channel slots", () => {
  it("writes the slots the channels use and leaves the others alone", () => {
    const store = new TelemetryStore({ layout: LAYOUT });
    const used = new Set(CHANNELS.infos().map((info) => CHANNELS.slotOf(info.path)!.index));
    expect(used.size).toBeGreaterThan(0);
    expect(used.size).toBeLessThan(MAX_CHANNELS);
    const writes = vi.spyOn(store.ring, "setNumber");
    for (let i = 0; i < 20; i++)
      expect(store.ingest(realisticPacket(i + 1, 1_795_000_000 + i * 0.1), "DEMO")).toBe(true);
    const written = new Set(writes.mock.calls.map(([, field]) => field));
    for (let k = 0; k < MAX_CHANNELS; k++) {
      const field = slotField(k);
      // A channel in use is stored once it has a value (until then its rows are gaps).
      if (used.has(field))
        expect(written.has(field), `slot ${k}`).toBe(store.ring.hasColumn(field));
      else {
        expect(written.has(field), `slot ${k}`).toBe(false);
        expect(store.ring.hasColumn(field), `slot ${k}`).toBe(false);
      }
    }
    expect([...used].filter((field) => store.ring.hasColumn(field)).length).toBeGreaterThan(0);
  });
});
