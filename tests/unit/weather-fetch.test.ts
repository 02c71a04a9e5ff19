// A weather forecast fetched from the user's address (issue 59): against a
// real HTTP server on 127.0.0.1, a good answer read whole, and a slow, huge,
// redirected or refused one turned into the sentence the user reads, the key
// sent as a header and never written in any of them. Node's fetch has no
// CORS, so the browser's refusal is played by a fake fetch.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  addressWithoutKey,
  checkForecastAddress,
  fetchForecastText,
  FORECAST_FETCH_RULES,
  type FetchRules,
} from "../../workers/telemetry/weather/fetchForecast";
import { MAX_FORECAST_BYTES } from "../../workers/telemetry/weather/forecastFile";

const RULES: FetchRules = { timeoutMs: 300, maxBytes: 10_000 };
const KEY = "sk-7Qv9-secret-key";
/** An Open-Meteo answer whose "²" the server splits across two writes. */
const FORECAST = '{"hourly_units":{"shortwave_radiation":"W/m²"},"note":"Zoë ☀️"}';

interface Seen {
  path: string;
  host: string;
  headers: IncomingHttpHeaders;
}

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step();
});

/** Writes `total` bytes, `piece` a millisecond, until done or the client goes; resolves with the bytes sent. */
function drip(response: ServerResponse, total: number, piece = 1000): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    const timer = setInterval(() => {
      if (response.destroyed || sent >= total) {
        clearInterval(timer);
        if (!response.destroyed) response.end();
        resolve(sent);
        return;
      }
      response.write(Buffer.alloc(piece, 0x20));
      sent += piece;
    }, 1);
  });
}

/** The test server, on 127.0.0.1 and an ephemeral port; `localhost` reaches it as another host. */
async function serve() {
  const seen: Seen[] = [];
  let dripped: Promise<number> = Promise.resolve(0);
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    seen.push({ path, host: request.headers.host ?? "", headers: request.headers });
    const bytes = Buffer.from(FORECAST, "utf8");
    const cut = bytes.indexOf(Buffer.from("²", "utf8")) + 1;
    switch (path.split("?")[0]) {
      case "/good":
        response.writeHead(200, { "content-type": "application/json" });
        response.write(bytes.subarray(0, cut));
        setTimeout(() => response.end(bytes.subarray(cut)), 20);
        return;
      case "/silent": // never answers
        return;
      case "/drip": // answers, then sends its body too slowly to finish in time (under the cap)
        response.writeHead(200);
        void drip(response, 9_000, 5);
        return;
      case "/big": // no Content-Length: chunked, 25 MB if let run
        response.writeHead(200, { "content-type": "application/json" });
        dripped = drip(response, 25_000_000);
        return;
      case "/big-declared":
        response.writeHead(200, { "content-length": "25000" });
        response.end(Buffer.alloc(25_000, 0x20));
        return;
      case "/gzip": {
        // Content-Length is the wire's ~100 bytes; the text is 500 kB.
        const zipped = gzipSync(Buffer.alloc(500_000, 0x20));
        response.writeHead(200, { "content-encoding": "gzip", "content-length": zipped.length });
        response.end(zipped);
        return;
      }
      case "/moved":
        response.writeHead(302, { location: "/good" });
        response.end();
        return;
      case "/elsewhere":
        response.writeHead(302, { location: `http://localhost:${port()}/good` });
        response.end();
        return;
      default: {
        const status = Number(path.slice(1));
        response.writeHead(status || 404, { "content-type": "application/json" });
        response.end('{"response_status":{"error_code":"Unauthorized"}}');
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = () => (server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port()}`;
  cleanup.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { base, host: `127.0.0.1:${port()}`, port: port(), seen, dripped: () => dripped };
}

describe("fetching a forecast from the user's address", () => {
  it("reads a good answer whole, its UTF-8 put back together across pieces", async () => {
    const { base, seen } = await serve();
    const fetched = await fetchForecastText(`${base}/good`, null, RULES);
    expect(fetched).toEqual({ ok: true, text: FORECAST });
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers.cookie).toBeUndefined();
  });

  it("allows 15 s and a forecast file's size by default", () => {
    expect(FORECAST_FETCH_RULES).toEqual({ timeoutMs: 15_000, maxBytes: MAX_FORECAST_BYTES });
  });

  it("sends the key as a bearer token", async () => {
    const { base, seen } = await serve();
    const fetched = await fetchForecastText(`${base}/good`, ` ${KEY}\n`, RULES);
    expect(fetched.ok).toBe(true);
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("gives up on a server that does not answer, or answers too slowly, at the deadline", async () => {
    const { base, host } = await serve();
    for (const path of ["/silent", "/drip"]) {
      const started = performance.now();
      const fetched = await fetchForecastText(`${base}${path}`, null, RULES);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(fetched).toEqual({
        ok: false,
        error: `The forecast service at ${host} did not answer within 0.3 s.`,
        refusedByBrowser: false,
      });
    }
  });

  it("gives up at the deadline even with a fetch that never settles", async () => {
    const fetched = await fetchForecastText(
      "https://api.open-meteo.com/v1/forecast",
      null,
      RULES,
      () => new Promise<Response>(() => undefined),
    );
    expect(fetched).toMatchObject({
      error: "The forecast service at api.open-meteo.com did not answer within 0.3 s.",
    });
  });

  it("stops a body without Content-Length once it passes the cap, and the server sees it go", async () => {
    const { base, host, dripped } = await serve();
    const fetched = await fetchForecastText(`${base}/big`, null, RULES);
    expect(fetched).toEqual({
      ok: false,
      error: `The forecast from ${host} is over 0.01 MB, the most a forecast may be: it was stopped there.`,
      refusedByBrowser: false,
    });
    // The connection is dropped: far less than the 25 MB is ever sent.
    expect(await dripped()).toBeLessThan(1_000_000);
  });

  it("refuses a declared Content-Length above the cap before reading, naming both sizes", async () => {
    const { base, host } = await serve();
    const fetched = await fetchForecastText(`${base}/big-declared`, null, RULES);
    expect(fetched).toMatchObject({
      ok: false,
      error: `The forecast from ${host} is 0.025 MB; a forecast is at most 0.01 MB.`,
    });
  });

  it("counts the text, not the wire: a small gzip Content-Length does not let 500 kB in", async () => {
    const { base, host } = await serve();
    const fetched = await fetchForecastText(`${base}/gzip`, null, RULES);
    expect(fetched).toMatchObject({
      ok: false,
      error: `The forecast from ${host} is over 0.01 MB, the most a forecast may be: it was stopped there.`,
    });
  });

  it("follows a redirect on the same host", async () => {
    const { base } = await serve();
    await expect(fetchForecastText(`${base}/moved`, null, RULES)).resolves.toEqual({
      ok: true,
      text: FORECAST,
    });
  });

  it("refuses a redirect to another host, which never gets the key", async () => {
    const { base, host, port, seen } = await serve();
    const fetched = await fetchForecastText(`${base}/elsewhere`, KEY, RULES);
    expect(fetched).toEqual({
      ok: false,
      error: `The forecast service at ${host} redirected to another host (localhost:${port}); its answer is not taken.`,
      refusedByBrowser: false,
    });
    // Followed (so the test's other host is real), without the Authorization header.
    expect(seen.map((s) => s.host)).toEqual([host, `localhost:${port}`]);
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen[1]!.headers.authorization).toBeUndefined();
  });

  it("says the key is missing or wrong on 401 and 403, and gives any other status", async () => {
    const { base, host } = await serve();
    for (const status of [401, 403])
      await expect(fetchForecastText(`${base}/${status}`, KEY, RULES)).resolves.toEqual({
        ok: false,
        error: `The forecast service at ${host} answered HTTP ${status}: the key is missing or wrong.`,
        refusedByBrowser: false,
      });
    await expect(fetchForecastText(`${base}/500`, KEY, RULES)).resolves.toMatchObject({
      error: `The forecast service at ${host} answered HTTP 500.`,
    });
  });

  it("never writes the key, given or in the address, in an error", async () => {
    const { base, port } = await serve();
    const errors: string[] = [];
    const paths = ["/silent", "/big", "/big-declared", "/elsewhere", "/401", "/500"];
    for (const path of paths) {
      const fetched = await fetchForecastText(`${base}${path}?api_key=${KEY}`, KEY, RULES);
      if (!fetched.ok) errors.push(fetched.error);
    }
    cleanup.splice(0).forEach((step) => step()); // the server is gone
    const closed = await fetchForecastText(`http://127.0.0.1:${port}/good?api_key=${KEY}`, KEY);
    if (!closed.ok) errors.push(closed.error);
    expect(errors).toHaveLength(paths.length + 1);
    for (const error of errors) expect(error).not.toContain("secret");
  });

  it("says a host that cannot be reached cannot be reached", async () => {
    const { base, host } = await serve();
    cleanup.splice(0).forEach((step) => step()); // the server is gone
    await expect(fetchForecastText(`${base}/good`, KEY, RULES)).resolves.toEqual({
      ok: false,
      error: `Cannot reach ${host}: offline, or the address is wrong. The last forecast is kept.`,
      refusedByBrowser: false,
    });
  });

  it("refuses a bad address or key without fetching", async () => {
    const fetchImpl = () => Promise.reject(new Error("fetched"));
    await expect(
      fetchForecastText("ftp://example.com/forecast.json", null, RULES, fetchImpl),
    ).resolves.toEqual({
      ok: false,
      error: "The forecast address must start with https:// or http://, not ftp:",
      refusedByBrowser: false,
    });
    await expect(
      fetchForecastText("https://api.solcast.com.au/x", "my key", RULES, fetchImpl),
    ).resolves.toMatchObject({
      error: "The key has characters a key cannot have (spaces, line breaks, accents).",
    });
  });
});

describe("a browser's CORS refusal told from an unreachable host", () => {
  const address = "https://api.solcast.com.au/rooftop_sites/abc/forecasts?format=json";
  /** An opaque response, as a browser's no-cors fetch gives. */
  const opaque = { type: "opaque", status: 0, ok: false, url: "", body: null } as Response;

  it("is a refusal when a no-cors request, without the key, reaches the host", async () => {
    const calls: RequestInit[] = [];
    const fetchImpl = (_url: unknown, init?: RequestInit) => {
      calls.push(init!);
      return init?.mode === "no-cors"
        ? Promise.resolve(opaque)
        : Promise.reject(new TypeError("Failed to fetch"));
    };
    const fetched = await fetchForecastText(address, KEY, RULES, fetchImpl);
    expect(fetched).toEqual({
      ok: false,
      error:
        "The forecast service at api.solcast.com.au refuses requests from a browser (CORS). Download the forecast as a file and import it instead.",
      refusedByBrowser: true,
    });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      credentials: "omit",
      redirect: "follow",
      headers: { Authorization: `Bearer ${KEY}` },
    });
    expect(calls[1]).toMatchObject({ mode: "no-cors", credentials: "omit" });
    expect(calls[1]!.headers).toBeUndefined();
  });

  it("is an unreachable host when the no-cors request fails too", async () => {
    const fetched = await fetchForecastText(address, KEY, RULES, () =>
      Promise.reject(new TypeError("Failed to fetch")),
    );
    expect(fetched).toEqual({
      ok: false,
      error:
        "Cannot reach api.solcast.com.au: offline, or the address is wrong. The last forecast is kept.",
      refusedByBrowser: false,
    });
  });
});

describe("the address", () => {
  it("is checked: http(s), a web address, no user name or password", () => {
    expect(checkForecastAddress(" https://api.open-meteo.com/v1/forecast?latitude=1 ")).toEqual({
      ok: true,
      url: new URL("https://api.open-meteo.com/v1/forecast?latitude=1"),
    });
    expect(checkForecastAddress("http://192.168.1.20:8080/f.json").ok).toBe(true);
    const errors: Array<[string, string]> = [
      ["ftp://example.com/f.json", "must start with https:// or http://, not ftp:"],
      ["javascript:alert(1)", "must start with https:// or http://, not javascript:"],
      ["file:///home/f.json", "not file:"],
      ["forecast please", "The forecast address is not a web address (https://…)."],
      ["", "not a web address"],
      ["https://user:pw@api.solcast.com.au/x", "must not hold a user name or password"],
    ];
    for (const [address, error] of errors) {
      const checked = checkForecastAddress(address);
      expect(checked.ok, address).toBe(false);
      if (!checked.ok) expect(checked.error, address).toContain(error);
    }
  });

  it("is shown and recorded without its key, the rest as written", () => {
    const solcast = "https://api.solcast.com.au/rooftop_sites/ab-12/forecasts";
    expect(addressWithoutKey(`${solcast}?format=json&api_key=${KEY}`)).toBe(
      `${solcast}?format=json`,
    );
    expect(addressWithoutKey(`${solcast}?api_key=${KEY}&format=json#x`)).toBe(
      `${solcast}?format=json#x`,
    );
    expect(addressWithoutKey(`${solcast}?API_KEY=${KEY}`)).toBe(solcast);
    expect(addressWithoutKey(`${solcast}?key=${KEY}&apikey=${KEY}&hours=48`)).toBe(
      `${solcast}?hours=48`,
    );
    const openMeteo =
      "https://api.open-meteo.com/v1/forecast?latitude=36.9&hourly=shortwave_radiation,temperature_2m";
    expect(addressWithoutKey(openMeteo)).toBe(openMeteo);
    expect(addressWithoutKey(`${openMeteo}&monkey=1`)).toBe(`${openMeteo}&monkey=1`);
  });
});
