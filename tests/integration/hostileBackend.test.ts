// Backend requests against real HTTP servers that misbehave (issue 32 item 25):
// one drips its answer a byte at a time, one redirects (never followed, issue
// 58 item 18: replay, laps, drivers, long-polling's reads and writes). The requests go
// through Node's own fetch, as they do through the browser's.
import { createServer, type RequestListener, type Server } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  fetchBackendSpan,
  walkPacketsBetween,
} from "../../workers/telemetry/replay/backendPlayback";
import { fetchDrivers, fetchLaps, LAP_FETCH_ERROR } from "../../workers/telemetry/laps/laps";
import { readPoll, type PollReply } from "../../workers/shared/polling/pollAnswers";
import { PollReader } from "../../workers/telemetry/sources/polling/PollReader";
import { readerPolling } from "../../workers/telemetry/sources/polling/readerPolling";
import { freePort } from "../freePort";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: RequestListener): Promise<string> {
  const port = await freePort();
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return `http://127.0.0.1:${port}`;
}

const T0 = 1_795_000_000;
const spanBody = JSON.stringify({ firstDate: T0, lastDate: T0 + 5, message: "OK" });

describe("a backend that drips its answer", () => {
  it("gives up at the deadline with a message, instead of loading forever", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      let sent = 0;
      const drip = setInterval(() => res.write(spanBody[sent++ % spanBody.length]!), 100);
      res.on("close", () => clearInterval(drip));
    });
    const started = Date.now();
    const span = await fetchBackendSpan(url, fetch, { timeoutMs: 500 });
    expect(span).toEqual({
      ok: false,
      message: `The backend did not send its whole answer within 1 s (${url}/firstAndLastPacket)`,
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("a backend that redirects", () => {
  it("to another host: refused, the other host's packets are not replayed", async () => {
    let elsewhereAsked = 0;
    const elsewhere = await serve((_req, res) => {
      elsewhereAsked++;
      const item = { data: { TimeStamp: T0 }, id: "x", timestamp: T0, type: "packet" };
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ data: [item], message: "OK" }));
    });
    const backend = await serve((req, res) => {
      res.writeHead(302, { Location: `${elsewhere}${req.url}` });
      res.end();
    });
    const got: unknown[] = [];
    await expect(
      walkPacketsBetween({
        baseUrl: backend,
        from: T0,
        to: T0 + 5,
        generation: "2026-01",
        onPackets: (packets) => got.push(...packets),
      }),
    ).rejects.toThrow(`with a redirect to ${elsewhere}/packetsBetween`);
    expect(got).toEqual([]);
    expect(elsewhereAsked).toBe(0);
  });

  // Issue 58 item 18: no redirect is followed, not even within the host.
  it("within the same host: not followed either, and said", async () => {
    const asked: string[] = [];
    const url = await serve((req, res) => {
      asked.push(req.url ?? "");
      if (req.url === "/api/firstAndLastPacket") {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(spanBody);
      } else {
        res.writeHead(301, { Location: `/api${req.url}` });
        res.end();
      }
    });
    expect(await fetchBackendSpan(url)).toEqual({
      ok: false,
      message:
        `The backend answered ${url}/firstAndLastPacket with a redirect to ` +
        `${url}/api/firstAndLastPacket. Helios does not follow redirects, so nothing was ` +
        "asked of where it points. Set the backend address to the server itself.",
    });
    expect(asked).toEqual(["/firstAndLastPacket"]);
  });

  it("its laps and drivers are not fetched from where it points", async () => {
    let elsewhereAsked = 0;
    const elsewhere = await serve((_req, res) => {
      elsewhereAsked++;
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ data: [], message: "OK" }));
    });
    const backend = await serve((req, res) => {
      res.writeHead(302, { Location: `${elsewhere}${req.url}` });
      res.end();
    });
    expect(await fetchLaps(backend)).toMatchObject({
      error: true,
      message: LAP_FETCH_ERROR,
      reason: `The backend answered ${backend}/laps with a redirect to ${elsewhere}/laps. Helios does not follow redirects, so nothing was asked of where it points. Set the backend address to the server itself.`,
    });
    expect(await fetchDrivers(backend)).toEqual({});
    expect(elsewhereAsked).toBe(0);
  });

  it("its long-polling answers are not read from where it points", async () => {
    let elsewhereAsked = 0;
    const elsewhere = await serve((_req, res) => {
      elsewhereAsked++;
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.end("6");
    });
    const backend = await serve((req, res) => {
      res.writeHead(307, { Location: `${elsewhere}${req.url}` });
      res.end();
    });
    const url = `${backend}/socket.io/?EIO=4&transport=polling`;
    const replies: PollReply[] = [];
    await readPoll({ id: 1, url, credentials: "omit" }, (reply) => void replies.push(reply));
    expect(replies).toEqual([
      { id: 1, failed: expect.stringMatching(/with a redirect to .*does not follow redirects/) },
    ]);
    expect(elsewhereAsked).toBe(0);
  });

  it("its long-polling writes (a finish line's password among them) are not sent where it points", async () => {
    let elsewhereAsked = 0;
    const elsewhere = await serve((_req, res) => {
      elsewhereAsked++;
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.end("ok");
    });
    // 307 keeps the method and the body: a followed POST would hand them over.
    const backend = await serve((req, res) => {
      res.writeHead(307, { Location: `${elsewhere}${req.url}` });
      res.end();
    });
    const Polling = readerPolling(PollReader.inline());
    const errors: unknown[][] = [];
    // The write alone, on a bare transport: what it reads of one is these.
    const transport = Object.assign(Object.create(Polling.prototype) as object, {
      opts: {},
      socket: {},
      uri: () => `${backend}/socket.io/?EIO=4&transport=polling&sid=x`,
      onError: (...args: unknown[]) => void errors.push(args),
    }) as unknown as InstanceType<typeof Polling>;
    let written = false;
    transport.doWrite('42["setLapCoords",{"password":"sun"}]', () => (written = true));
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(errors[0]).toEqual([
      "fetch write error",
      expect.stringMatching(/with a redirect to .*does not follow redirects/),
    ]);
    expect(written).toBe(false);
    expect(elsewhereAsked).toBe(0);
  });
});
