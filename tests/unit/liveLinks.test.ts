import { describe, expect, it } from "vitest";
import { LIVE_FRESH_MS, LiveLinks } from "../../workers/telemetry/service/liveLinks";

describe("LiveLinks: the connection's facts, read as of now", () => {
  function links() {
    const clock = { now: 1_000_000 };
    return { clock, links: new LiveLinks(() => clock.now) };
  }

  it("says 'unknown' for the car without a socket, whatever packets came", () => {
    const { links: l } = links();
    l.setType("NETWORK");
    l.packetStored("NETWORK", 1000);
    expect(l.read().carLink).toBe("unknown");
    expect(l.read().liveDataFlowing).toBe(true);
  });

  it("lets fresh backend packets prove the car up, until a newer carDisconnect", () => {
    const { clock, links: l } = links();
    l.setType("NETWORK");
    l.apply({ socketConnected: true });
    expect(l.read().carLink).toBe("unknown");
    l.packetStored("NETWORK", 1000);
    expect(l.read().carLink).toBe("connected");
    clock.now += 10;
    l.apply({ mqttConnected: false });
    expect(l.read().carLink).toBe("disconnected");
    clock.now += 10;
    l.packetStored("NETWORK", 1000.02); // a packet after it: the car is up after all
    expect(l.read().carLink).toBe("connected");
  });

  it("stops calling packets flowing after LIVE_FRESH_MS of silence, and its arrival lag with them", () => {
    const { clock, links: l } = links();
    l.setType("RADIO");
    l.packetStored("RADIO", clock.now / 1000);
    clock.now += LIVE_FRESH_MS;
    expect(l.read().liveDataFlowing).toBe(true);
    clock.now += 1;
    expect(l.read()).toMatchObject({ liveDataFlowing: false, arrivalLagMs: 0 });
  });
});
