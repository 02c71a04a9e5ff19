// The weather forecasts' live part (workers/telemetry/weather/weatherDesk.ts):
// a file or a fetch taken is recorded with the session and offered to the
// strategy on the core's board; a bad one changes nothing; the address is
// fetched once per core and then every hour, sooner after a failure, never
// again after a browser's refusal; the key is recorded nowhere; a restore
// brings today's forecasts back and a replay sees those known by its clock.
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../workers/contract/events";
import { Board } from "../../workers/telemetry/pipeline/board";
import { SKY_FORECASTS } from "../../workers/telemetry/race/skyForecasts";
import type { FetchedForecast } from "../../workers/telemetry/weather/fetchForecast";
import { REFRESH_MS, RETRY_MS, WeatherDesk } from "../../workers/telemetry/weather/weatherDesk";

const T0 = Date.UTC(2026, 5, 16, 15); // 10:00 CDT, ms

const openMeteo = (first = 512) =>
  JSON.stringify({
    latitude: 36.9,
    longitude: -86.4,
    utc_offset_seconds: -18000,
    hourly_units: { time: "iso8601", shortwave_radiation: "W/m²" },
    hourly: {
      time: ["2026-06-16T11:00", "2026-06-16T12:00", "2026-06-16T13:00"],
      shortwave_radiation: [first, 680, 700],
    },
  });

function deskWith(answers: FetchedForecast[] = []) {
  let now = T0;
  const recorded: SessionEvent[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const fetched: { address: string; key: string | null }[] = [];
  const board = new Board();
  const desk = new WeatherDesk(
    {
      now: () => now,
      record: (event) => recorded.push(event),
      later: (run, ms) => {
        const timer = { at: now + ms, run };
        timers.push(timer);
        return () => void timers.splice(timers.indexOf(timer), 1);
      },
      board,
    },
    async (address, key) => {
      fetched.push({ address, key });
      return answers.shift() ?? { ok: false, error: "Cannot reach x", refusedByBrowser: false };
    },
  );
  /** Moves the clock on by `ms`, running the timers due. */
  const pass = async (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
    await new Promise((r) => setTimeout(r, 0));
  };
  return { desk, recorded, timers, fetched, board, pass };
}

describe("a forecast file imported", () => {
  it("is taken, recorded with the session and offered to the strategy", () => {
    const { desk, recorded, board } = deskWith();
    const taken = desk.importFile(openMeteo(), "today.json", T0 - 20 * 60_000);
    expect(taken.ok).toBe(true);
    expect(board.read(SKY_FORECASTS)).toHaveLength(1);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      kind: "weatherForecast",
      issuedAt: T0 - 20 * 60_000,
      origin: { kind: "file", name: "today.json" },
    });
    const status = desk.status(null, null);
    expect(status.latest?.forecast.format).toBe("Open-Meteo JSON");
    expect(status.count).toBe(1);
  });

  it("refuses a bad file with its name and the reason, and nothing changes", () => {
    const { desk, recorded, board } = deskWith();
    desk.importFile(openMeteo(), "good.json", null);
    const before = board.read(SKY_FORECASTS);
    const taken = desk.importFile('{"hourly": 3', "broken.json", null);
    expect(taken).toEqual({
      ok: false,
      error: expect.stringMatching(/^broken\.json: it is not valid JSON/),
    });
    expect(board.read(SKY_FORECASTS)).toBe(before);
    expect(recorded).toHaveLength(1);
  });

  it("comes back after a reload, and a replay sees only those known by its clock", () => {
    const first = deskWith();
    first.desk.importFile(openMeteo(500), "early.json", null);
    const later = deskWith();
    later.desk.importFile(openMeteo(600), "late.json", null);
    const events = [...first.recorded, ...later.recorded].map((e, i) => ({
      ...e,
      knownAt: T0 / 1000 + i * 3600,
    })) as SessionEvent[];
    const restored = deskWith();
    restored.desk.restore(events);
    expect(restored.board.read(SKY_FORECASTS)).toHaveLength(2);
    const replay = restored.desk.status(events, T0 / 1000 + 30 * 60);
    expect(replay.count).toBe(1);
    expect(replay.latest?.origin).toEqual({ kind: "file", name: "early.json" });
  });
});

describe("a forecast fetched from the address set", () => {
  const good: FetchedForecast = { ok: true, text: openMeteo() };

  it("is fetched at once, once per core, then every hour; the key is recorded nowhere", async () => {
    const { desk, fetched, recorded, pass } = deskWith([good, good]);
    const address = "https://api.example.test/forecast?lat=1&api_key=SECRET";
    const taken = await desk.setAddress(address, "KEY-123");
    expect(taken.ok).toBe(true);
    await desk.setAddress(address, "KEY-123"); // another window of the core: no second fetch
    expect(fetched).toEqual([{ address, key: "KEY-123" }]);
    expect(desk.status(null, null).fetch).toMatchObject({
      address: "https://api.example.test/forecast?lat=1",
      hasKey: true,
      nextAt: T0 + REFRESH_MS,
    });
    await pass(REFRESH_MS);
    expect(fetched).toHaveLength(2);
    expect(JSON.stringify(recorded)).not.toMatch(/SECRET|KEY-123/);
    expect(recorded).toHaveLength(2);
  });

  it("keeps the last forecast when offline and tries again within minutes", async () => {
    const { desk, fetched, pass } = deskWith([good]);
    await desk.setAddress("https://api.example.test/f", null);
    await pass(REFRESH_MS);
    const status = desk.status(null, null);
    expect(status.latest).not.toBeNull();
    expect(status.fetch.error).toBe("Cannot reach x");
    expect(status.fetch.nextAt).toBe(T0 + REFRESH_MS + RETRY_MS);
    await pass(RETRY_MS);
    expect(fetched).toHaveLength(3);
  });

  it("says why an answer that is no forecast was not taken, and tries again within minutes", async () => {
    const page: FetchedForecast = { ok: true, text: "<html><body>Sign in</body></html>" };
    const { desk } = deskWith([page]);
    const taken = await desk.setAddress("https://api.example.test/f", null);
    expect(taken.ok).toBe(false);
    expect(desk.status(null, null).fetch).toMatchObject({
      error: expect.stringMatching(/Solcast CSV/),
      nextAt: T0 + RETRY_MS,
    });
    expect(desk.status(null, null).latest).toBeNull();
  });

  it("stops asking a service that refuses the browser, and says so", async () => {
    const refused: FetchedForecast = {
      ok: false,
      error: "refuses requests from a browser (CORS)",
      refusedByBrowser: true,
    };
    const { desk, timers } = deskWith([refused]);
    const taken = await desk.setAddress("https://api.example.test/f", null);
    expect(taken.ok).toBe(false);
    expect(desk.status(null, null).fetch).toMatchObject({ refusedByBrowser: true, nextAt: null });
    expect(timers).toHaveLength(0);
  });

  it("refuses an address that is not http(s), and keeps the one before", async () => {
    const { desk } = deskWith([good]);
    await desk.setAddress("https://api.example.test/f", null);
    const taken = await desk.setAddress("ftp://example.test/f", null);
    expect(taken.ok).toBe(false);
    expect(desk.status(null, null).fetch.address).toBe("https://api.example.test/f");
  });
});
