// Backend replay against real HTTP servers that misbehave (issue 32 item 25):
// one drips its answer a byte at a time, one redirects to another host. The
// requests go through Node's own fetch, as they do through the browser's.
import { createServer, type RequestListener, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import {
  fetchBackendSpan,
  walkPacketsBetween,
} from "../../workers/telemetry/replay/backendPlayback";
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
    ).rejects.toThrow(`to another host (${elsewhere})`);
    expect(got).toEqual([]);
    expect(elsewhereAsked).toBe(0);
  });

  it("within the same host: followed", async () => {
    const url = await serve((req, res) => {
      if (req.url === "/api/firstAndLastPacket") {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(spanBody);
      } else {
        res.writeHead(301, { Location: `/api${req.url}` });
        res.end();
      }
    });
    expect(await fetchBackendSpan(url)).toEqual({
      ok: true,
      first: T0,
      last: T0 + 5,
      generation: "2026-01",
    });
  });
});
