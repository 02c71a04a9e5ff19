// The dashboard's worker against the feed server speaking each generation of
// the team's backend (PROTOCOL.md "More of the real server"): packets with
// either headlights spelling, nested or flat laps with dates in this year,
// raceInfo, and setLapCoords answered by acknowledgement or by broadcast.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WorkerEvent } from "../../workers/contract/telemetryApi";
import { TelemetryService } from "../../workers/telemetry/TelemetryService";
import { FeedServer } from "../../feed-server/FeedServer";
import { unconfirmedError } from "../../workers/telemetry/service/finishLine";
import { parseLap } from "../../workers/telemetry/laps/lapRecord";
import { GENERATIONS, type Generation } from "../../feed-server/generation";
import { io } from "socket.io-client";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const waitFor = <T>(check: () => T, timeout = 10_000) =>
  vi.waitFor(check, { timeout, interval: 50 });

async function start(generation: Generation) {
  const server = await FeedServer.start({
    port: 0,
    rate: 20,
    seededLaps: 2,
    password: "sun",
    generation,
  });
  cleanup.push(() => server.stop());
  const service = new TelemetryService();
  const events: WorkerEvent[] = [];
  service.start({ backendUrl: server.url }, (batch) => void events.push(...batch));
  cleanup.push(() => service.stop());
  await waitFor(() => expect(service.snapshot(0).connection.socketConnected).toBe(true));
  return { server, service, events };
}

describe.each(GENERATIONS)("against a %s backend", (generation) => {
  it("accepts its packets, says which generation it is and shows raceInfo", async () => {
    const { service } = await start(generation);
    await waitFor(() => expect(service.snapshot(0).counters.accepted).toBeGreaterThan(5));
    expect(service.snapshot(0).counters.rejected).toBe(0);
    const { backend, changed } = service.snapshot(0);
    expect(backend.generation).toBe(generation);
    expect(backend.generationEvidence).not.toBe("");
    expect(changed["B3.HeadightsSwitchInput"]).toEqual(expect.any(Boolean));
    await waitFor(() => expect(service.snapshot(0).backend.raceInfo).not.toBeNull());
    const race = service.snapshot(0).backend.raceInfo!;
    expect(race.raceDay).toBe(1);
    expect(race.lapNumber).toBe(2);
    expect(race.timeLeftMs).toBeGreaterThan(7 * 3600 * 1000);
    expect(race.totalDistance).toBeGreaterThan(race.distanceToday);
  });

  it("loads its laps with dates in the current year and the drivers' names", async () => {
    const { events, server } = await start(generation);
    const tables = () => events.flatMap((e) => (e.type === "laps" ? [e.result] : []));
    await waitFor(() => expect(tables().at(-1)?.laps).toHaveLength(2));
    const result = tables().at(-1)!;
    // The server's order is its generation's (2026-06: newest first); the table's is by end.
    const served = ((await (await fetch(`${server.url}/laps`)).json()) as { data: unknown[] }).data;
    const servedEnds = served.map((record) => parseLap(record)!.lap.endMs);
    const ends = result.laps.map((lap) => lap.endMs);
    expect(ends[0]).toBeLessThan(ends[1]!);
    expect(servedEnds).toEqual(generation === "2026-06" ? [...ends].reverse() : ends);
    expect(result.error).toBe(false);
    for (const lap of result.laps) {
      expect(new Date(lap.endMs).getFullYear()).toBe(new Date().getFullYear());
      expect(lap.lapTime).toBeGreaterThan(60);
      expect(lap.lapTime).toBeLessThan(1000);
    }
    expect(Object.values(result.drivers)).toContain("Sim Driver A");
    expect(result.laps[0]!.averageMotorWattage === null).toBe(generation === "2026-01");
  });

  it("moves the finish line with the right password and shows the error with a wrong one", async () => {
    const { service, server, events } = await start(generation);
    const wrong = await service.setLapCoords({ lat: "37", long: "-86.4", password: "nope" });
    const wrongText =
      generation === "2026-06" ? "Invalid password" : unconfirmedError("Invalid password");
    expect(wrong).toEqual({ ok: false, error: wrongText, invalidFields: ["password"] });
    const bad = await service.setLapCoords({ lat: "north", long: "-86.4", password: "sun" });
    expect(bad).toMatchObject({ ok: false, invalidFields: ["lat"] });
    expect(server.lapCoords).not.toEqual({ lat: 37, long: -86.4 });

    const right = await service.setLapCoords({ lat: "36.99", long: "-86.37", password: "sun" });
    expect(right).toEqual({ ok: true, coords: { lat: 36.99, long: -86.37 }, simulated: false });
    expect(server.lapCoords).toEqual({ lat: 36.99, long: -86.37 });
    await waitFor(() =>
      expect(events).toContainEqual({ type: "lapCoords", coords: { lat: 36.99, long: -86.37 } }),
    );
    expect(service.snapshot(0).backend.generationEvidence).toMatch(/setLapCoords/);
    expect(service.snapshot(0).backend.generation).toBe(generation);
  });

  it("does not take another client's lapCoords broadcast for the answer to a wrong password", async () => {
    const { service, server } = await start(generation);
    // The real server sends lapCoords to everyone whenever any client connects:
    // one goes out while our request is on its way.
    const pending = service.setLapCoords({ lat: "37", long: "-86.4", password: "nope" });
    server.io.emit("lapCoords", server.lapCoords);
    expect(await pending).toEqual({
      ok: false,
      error: generation === "2026-06" ? "Invalid password" : unconfirmedError("Invalid password"),
      invalidFields: ["password"],
    });
  });

  it("answers setLapCoords the way that generation does", async () => {
    const { server } = await start(generation);
    const client = io(server.url);
    cleanup.push(() => void client.close());
    await waitFor(() => expect(client.connected).toBe(true));
    const broadcasts: unknown[] = [];
    client.on("lapCoords", (payload: unknown) => broadcasts.push(payload));
    let acked: unknown = "no ack";
    client.emit("setLapCoords", { lat: "1", long: "2", password: "nope" }, (r: unknown) => {
      acked = r;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (generation === "2026-06") {
      expect(acked).toMatchObject({ error: "Invalid password" });
      expect(broadcasts).toEqual([]); // errors go to the sender only
    } else {
      expect(acked).toBe("no ack");
      expect(broadcasts).toContainEqual(expect.objectContaining({ error: "Invalid password" }));
    }
  });
});
