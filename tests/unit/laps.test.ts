import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAP_FETCH_ERROR, fetchDrivers, fetchLaps } from "../../workers/telemetry/laps/laps";
import {
  parseLap,
  toEpochMs,
  toFlatRecord,
  toSecondsRecord,
} from "../../workers/telemetry/laps/lapRecord";
import { freePort } from "../freePort";

const LAP_MS = Date.UTC(2026, 10, 22, 15, 4, 5);

const record = {
  Rfid: "04A2B9C1",
  timestamp: LAP_MS,
  data: {
    ampHours: 1.23456,
    averagePackCurrent: 10.005,
    averageSpeed: 55.555,
    batterySecondsRemaining: 3600.4,
    distance: 5.1,
    energyConsumed: 0.129,
    lapTime: 182.8449,
    netPowerOut: -12.3456,
    timeStamp: LAP_MS,
    totalPowerIn: 250,
    totalPowerOut: 262.3399,
  },
};

const flat = {
  AmpHours: 1.5,
  AverageMotorWattage: 900,
  AveragePackCurrent: 9,
  AverageSpeed: 60,
  BatterySecondsRemaining: 7200,
  Distance: 4.2,
  EnergyConsumed: 0.2,
  LapTime: 250.5,
  NetPowerOut: 100,
  TotalPowerIn: 800,
  TotalPowerOut: 900,
  timestamp: new Date(LAP_MS).toISOString(),
  rfid: "0x19B04E5D",
};

describe("lap records of both generations", () => {
  it("normalises a nested 2026-01 record (timestamps in ms)", () => {
    const parsed = parseLap(record);
    expect(parsed?.generation).toBe("2026-01");
    expect(parsed?.lap).toMatchObject({
      rfid: "04A2B9C1",
      endMs: LAP_MS,
      lapTime: 182.8449,
      distance: 5.1,
      averageMotorWattage: null,
      simulated: false,
    });
  });

  it("reads a timestamp below 10^11 as epoch seconds, never as a 1970 date", () => {
    const seconds = LAP_MS / 1000;
    const parsed = parseLap({
      ...record,
      timestamp: seconds,
      data: { ...record.data, timeStamp: seconds },
    });
    expect(parsed?.lap.endMs).toBe(LAP_MS);
    expect(new Date(parsed!.lap.endMs).getUTCFullYear()).toBe(2026);
    expect(toEpochMs(99_999_999_999)).toBe(99_999_999_999_000);
    expect(toEpochMs(100_000_000_000)).toBe(100_000_000_000);
  });

  it("normalises a flat 2026-06 record with an ISO timestamp to the same shape", () => {
    const parsed = parseLap(flat);
    expect(parsed?.generation).toBe("2026-06");
    expect(parsed?.lap).toEqual({
      rfid: "0x19B04E5D",
      endMs: LAP_MS,
      lapTime: 250.5,
      distance: 4.2,
      averageSpeed: 60,
      ampHours: 1.5,
      averagePackCurrent: 9,
      energyConsumed: 0.2,
      totalPowerIn: 800,
      totalPowerOut: 900,
      netPowerOut: 100,
      batterySecondsRemaining: 7200,
      averageMotorWattage: 900,
      simulated: false,
    });
    expect(parseLap({ ...flat, timestamp: LAP_MS / 1000 })?.lap.endMs).toBe(LAP_MS);
  });

  it("strips extras and refuses broken records of either shape", () => {
    const lap = parseLap({ ...record, extra: 1, data: { ...record.data, extra: 2 } });
    expect(lap?.lap).not.toHaveProperty("extra");
    expect(parseLap({ ...record, data: { ...record.data, distance: "5" } })).toBeNull();
    expect(parseLap({ ...flat, timestamp: "yesterday" })).toBeNull();
    expect(parseLap({ ...flat, Distance: null })).toBeNull();
    expect(parseLap("lap")).toBeNull();
  });

  it("the feed server's wire forms read back as the same lap", () => {
    const asSeconds = toSecondsRecord(record);
    expect(asSeconds.timestamp).toBe(LAP_MS / 1000);
    expect(parseLap(asSeconds)?.lap.endMs).toBe(LAP_MS);
    const asFlat = parseLap(toFlatRecord(record));
    expect(asFlat?.generation).toBe("2026-06");
    expect(asFlat?.lap.endMs).toBe(LAP_MS);
    expect(asFlat?.lap.lapTime).toBe(record.data.lapTime);
  });
});

describe("GET {api}/laps", () => {
  let server: Server;
  let base = "";
  const replies: Record<string, [number, string]> = {
    "/ok/laps": [
      200,
      JSON.stringify({ data: [record, record], message: "OK", uptime: "12.3 seconds" }),
    ],
    "/flat/laps": [200, JSON.stringify({ data: [flat], message: "OK", uptime: "1 seconds" })],
    "/drivers-ok/drivers": [
      200,
      JSON.stringify({ data: [{ Rfid: "04A2B9C1", driver: "Ada" }], message: "OK" }),
    ],
    "/drivers-bad/drivers": [200, JSON.stringify({ data: [{ Rfid: 4 }] })],
    "/empty/laps": [200, JSON.stringify({ data: [], message: "OK", uptime: "1 seconds" })],
    "/bare-array/laps": [200, JSON.stringify([record])],
    "/not-array/laps": [200, JSON.stringify({ data: { 0: record }, message: "OK" })],
    "/bad-record/laps": [200, JSON.stringify({ data: [record, { Rfid: 7 }], message: "OK" })],
    "/bad-json/laps": [200, "{ data: ["],
    "/fails/laps": [500, JSON.stringify({ data: [record], message: "OK" })],
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const [status, body] = replies[req.url ?? ""] ?? [404, "not found"];
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("returns the formatted laps found at body.data", async () => {
    const result = await fetchLaps(`${base}/ok`);
    expect(result.error).toBe(false);
    expect(result.message).toBe("OK");
    expect(result.laps).toHaveLength(2);
    expect(result.laps[0]?.ampHours).toBe(1.23456);
    expect(result.generation).toBe("2026-01");
    expect(await fetchLaps(`${base}/empty/`)).toEqual({
      laps: [],
      message: "OK",
      error: false,
      generation: null,
    });
    const flatResult = await fetchLaps(`${base}/flat`);
    expect(flatResult.generation).toBe("2026-06");
    expect(flatResult.laps[0]?.endMs).toBe(LAP_MS);
  });

  it.each([
    ["bare-array", 'did not answer a list of laps at "data"'],
    ["not-array", 'did not answer a list of laps at "data"'],
    ["bad-record", "Lap record 2 of BASE/bad-record/laps is not a lap of either generation"],
    ["bad-json", 'did not answer a list of laps at "data"'],
    ["fails", "BASE/fails/laps answered HTTP 500"],
    ["missing", "BASE/missing/laps answered HTTP 404"],
  ])("answers %s with 'Error fetching lap data' and says why", async (name, why) => {
    expect(await fetchLaps(`${base}/${name}`)).toEqual({
      laps: [],
      message: LAP_FETCH_ERROR,
      error: true,
      generation: null,
      reason: expect.stringContaining(why.replace("BASE", base)),
    });
  });

  it("answers a refused connection with 'Error fetching lap data'", async () => {
    const port = await freePort();
    const result = await fetchLaps(`http://127.0.0.1:${port}`);
    expect(result).toMatchObject({ laps: [], message: "Error fetching lap data", error: true });
    expect(result.reason).toMatch(/^The backend could not be reached \(/);
  });

  it("puts a newest-first list (2026-06) in the order the laps ended", async () => {
    const at = (endMs: number) => ({ ...flat, timestamp: new Date(endMs).toISOString() });
    const ends = [LAP_MS + 400_000, LAP_MS, LAP_MS + 200_000];
    const newestFirst = (async () =>
      new Response(JSON.stringify({ data: ends.map(at), message: "OK" }))) as typeof fetch;
    const result = await fetchLaps("http://backend:3001", newestFirst);
    expect(result.laps.map((lap) => lap.endMs)).toEqual([
      LAP_MS,
      LAP_MS + 200_000,
      LAP_MS + 400_000,
    ]);
  });

  it("uses an injected fetch and asks for {api}/laps", async () => {
    const asked: string[] = [];
    const fakeFetch = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ data: [record], message: "fine", uptime: "1" }));
    }) as typeof fetch;
    const result = await fetchLaps("http://backend:3001", fakeFetch);
    expect(asked).toEqual(["http://backend:3001/laps"]);
    expect(result.message).toBe("fine");
    expect(result.laps).toHaveLength(1);
  });

  it("reads driver names from GET /drivers; a missing or bad answer is no names", async () => {
    expect(await fetchDrivers(`${base}/drivers-ok`)).toEqual({ "04A2B9C1": "Ada" });
    expect(await fetchDrivers(`${base}/drivers-bad`)).toEqual({});
    expect(await fetchDrivers(`${base}/missing`)).toEqual({});
  });
});
