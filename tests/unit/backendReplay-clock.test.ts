// A backend range replays as the car drove it (issue 32 item 7): the Position
// card and the car arrow follow the playback clock, not the end of the range,
// and the packets of a second play in the car's order although the server
// returns them shuffled.
import { afterEach, describe, expect, it } from "vitest";
import { EARTH_RADIUS_M } from "../../workers/shared/earth";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { haversineKm } from "../../workers/telemetry/geo/geo";
import { T0, oldBackend, packet, vi_waitFor } from "./backendKit";

const PER_SECOND = 10;
const SECONDS = 6;
const METRES_PER_PACKET = 10;
const LAT0 = 37;
const LONG0 = -122;
/** Degrees of latitude per metre on the spec's Earth. */
const DEG_PER_M = 180 / (Math.PI * EARTH_RADIUS_M);

/** The n-th packet of a car driving north at 10 m per packet; TimeStamp in whole seconds. */
function driving(n: number) {
  const p = packet(Math.floor(n / PER_SECOND));
  p.MotorDetails0.Odometer = 5000 + n * METRES_PER_PACKET;
  p.Telemetry.GpsLatitude = LAT0 + n * METRES_PER_PACKET * DEG_PER_M;
  p.Telemetry.GpsLongitude = LONG0;
  return p;
}

/** As the 2026-01 server answers: each second's packets in an order of its own. */
function shuffledBackend() {
  const order: number[] = [];
  for (let s = 0; s < SECONDS; s++) {
    const second = Array.from({ length: PER_SECOND }, (_, i) => s * PER_SECOND + i);
    order.push(...second.map((_, i) => second[(i * 7 + 3) % PER_SECOND]!));
  }
  const times = order.map((n) => T0 + Math.floor(n / PER_SECOND));
  const packets = Object.fromEntries(order.map((n, i) => [i, driving(n)]));
  return oldBackend(times, 25, packets).impl; // answers end mid-second too
}

const services: TelemetryService[] = [];
afterEach(() => services.splice(0).forEach((s) => s.stop()));

async function replay(from: number, to: number): Promise<TelemetryService> {
  const service = new TelemetryService({ fetchImpl: shuffledBackend(), indexedDB: null });
  service.start({ connectToBackend: false, backendUrl: "http://backend" }, () => undefined);
  services.push(service);
  service.startReplay({ kind: "range", from, to, source: "backend" });
  await vi_waitFor(() => {
    const p = service.snapshot(0).playback;
    return p.clock !== null && p.loading === null && p.error === null;
  });
  return service;
}

describe("replaying a backend range", () => {
  it("plays each second's packets in odometer order: the distance is the one driven", async () => {
    const service = await replay(T0, T0 + SECONDS - 1);
    await service.seek(T0 + SECONDS - 1);
    const { geo, changed } = service.snapshot(0);
    const driven = (SECONDS * PER_SECOND - 1) * METRES_PER_PACKET; // 590 m
    expect(geo.distanceKm * 1000).toBeCloseTo(driven, 0);
    expect(changed["MotorDetails0.Odometer"]).toBe(5000 + driven);
    expect(geo.lat).toBeCloseTo(LAT0 + driven * DEG_PER_M, 9);
    expect(geo.headingDeg).toBeCloseTo(0, 3);
  });

  it("shows the position at the clock: none before the first packet, then where the car was", async () => {
    const service = await replay(T0 - 30, T0 + SECONDS - 1);
    // The clock starts at the range's start, 30 s before the first packet.
    const before = service.snapshot(0);
    expect(before.playback.clock).toBe(T0 - 30);
    expect(before.geo.lat).toBeNull();
    expect(before.geo.long).toBeNull();
    expect(before.geo.distanceKm).toBe(0);
    expect(before.changed["Battery.PackVoltage"]).toBe(0); // the default packet, not the last one

    await service.seek(T0 + 2); // the last packet of second 2 is packet 29
    const at = service.snapshot(0).geo;
    const lat29 = LAT0 + 29 * METRES_PER_PACKET * DEG_PER_M;
    expect(at.lat).toBeCloseTo(lat29, 9);
    expect(at.distanceKm).toBeCloseTo(haversineKm(LAT0, LONG0, lat29, LONG0), 6);

    await service.seek(T0 - 1); // back before the first packet: nothing again
    expect(service.snapshot(0).geo.lat).toBeNull();
  });
});
