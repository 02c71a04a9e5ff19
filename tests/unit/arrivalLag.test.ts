// The plots back off when live packets arrive later than usual: the worker's
// measure of it must ignore the clocks' offset and follow a real backlog.
import { describe, expect, it } from "vitest";
import { ArrivalLag } from "../../workers/telemetry/service/arrivalLag";

describe("arrival lag", () => {
  it("is 0 however far the feed's clock is from ours, while packets arrive on time", () => {
    const lag = new ArrivalLag();
    const offsetMs = 7_300; // the backend's clock runs 7.3 s behind
    for (let i = 0; i < 200; i++) {
      const sent = 1_795_000_000_000 + i * 100;
      lag.note(sent + offsetMs + (i % 3) * 5, sent / 1000); // 0..10 ms of jitter
    }
    expect(lag.excessMs()).toBeLessThan(15);
  });

  it("grows with a backlog, and falls back once it drains", () => {
    const lag = new ArrivalLag();
    let t = 1_795_000_000_000;
    for (let i = 0; i < 50; i++, t += 10) lag.note(t + 20, t / 1000); // on time
    for (let i = 0; i < 100; i++, t += 10) lag.note(t + 20 + i * 10, t / 1000); // queueing: +10 ms per packet
    expect(lag.excessMs()).toBeGreaterThan(500);
    for (let i = 0; i < 100; i++, t += 10) lag.note(t + 20, t / 1000); // drained
    expect(lag.excessMs()).toBeLessThan(50);
  });

  it("starts afresh after reset (another source, another clock)", () => {
    const lag = new ArrivalLag();
    lag.note(10_000, 0); // 10 s "late" against nothing: the first packet is the floor
    expect(lag.excessMs()).toBe(0);
    lag.note(11_000, 0.1); // 900 ms later than the floor
    expect(lag.excessMs()).toBeGreaterThan(0);
    lag.reset();
    lag.note(50_000, 0);
    expect(lag.excessMs()).toBe(0);
  });
});
