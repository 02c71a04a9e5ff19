import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAP_FETCH_ERROR, fetchLaps, formatLap, parseLapRecord } from "../../workers/laps/laps";

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

describe("lap formatting", () => {
  it("rounds numbers to 2 decimals and shows timeStamp as an en-US date-time", () => {
    const lap = formatLap(record);
    expect(lap.data.ampHours).toBe(1.23);
    expect(lap.data.averageSpeed).toBe(55.56);
    expect(lap.data.lapTime).toBe(182.84);
    expect(lap.data.netPowerOut).toBe(-12.35);
    expect(lap.data.totalPowerIn).toBe(250);
    expect(lap.data.timeStamp).toBe(new Date(LAP_MS).toLocaleString("en-US"));
    expect(lap.data.timeStamp).toMatch(/^11\/2[12]\/2026, \d{1,2}:\d{2}:05\s?(AM|PM)$/);
    expect(lap.Rfid).toBe("04A2B9C1");
    expect(lap.timestamp).toBe(LAP_MS);
  });

  it("parses a lapData payload, strips extras and refuses a broken one", () => {
    const lap = parseLapRecord({ ...record, extra: 1, data: { ...record.data, extra: 2 } });
    expect(lap).not.toBeNull();
    expect(lap).not.toHaveProperty("extra");
    expect(lap?.data).not.toHaveProperty("extra");
    expect(parseLapRecord({ ...record, data: { ...record.data, distance: "5" } })).toBeNull();
    expect(parseLapRecord("lap")).toBeNull();
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
    expect(result.laps[0]?.data.ampHours).toBe(1.23);
    expect(await fetchLaps(`${base}/empty/`)).toEqual({ laps: [], message: "OK", error: false });
  });

  it.each(["bare-array", "not-array", "bad-record", "bad-json", "fails", "missing"])(
    "answers %s with 'Error fetching lap data'",
    async (name) => {
      expect(await fetchLaps(`${base}/${name}`)).toEqual({
        laps: [],
        message: LAP_FETCH_ERROR,
        error: true,
      });
    },
  );

  it("answers a refused connection with 'Error fetching lap data'", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await fetchLaps(`http://127.0.0.1:${port}`);
    expect(result).toEqual({ laps: [], message: "Error fetching lap data", error: true });
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
});
