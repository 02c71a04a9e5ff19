// The backend link's poll reader (workers/telemetry/sources/polling): a poll's answer
// written in pieces read back exactly, in one message, a refused poll reported with
// its status, and a poll reader worker that fails handing its reads back to
// the telemetry worker's thread. Against a real HTTP server on 127.0.0.1.
import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readPoll, type PollReply } from "../../workers/shared/polling/pollAnswers";
import { PollError, PollReader } from "../../workers/telemetry/sources/polling/PollReader";

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step();
  vi.unstubAllGlobals();
});

/** A server whose answer is written in the given pieces, with a pause between them. */
async function serve(
  pieces: Buffer[],
  status = 200,
): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server: Server = createServer(async (_request, response) => {
    requests++;
    response.writeHead(status, { "content-type": "text/plain; charset=UTF-8" });
    for (const piece of pieces) {
      response.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup.push(() => server.close());
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`,
    requests: () => requests,
  };
}

/** A text whose UTF-8 bytes split inside a character when cut at `cut`. */
const text = '4{"sid":"x"}\x1e42["packet",{"Driver":"Zoë ☀️"}]';
const bytes = Buffer.from(text, "utf8");
const cut = bytes.indexOf(Buffer.from("☀️", "utf8")) + 1;

describe("the poll reader", () => {
  it("puts an answer back together exactly, however its bytes were split", async () => {
    const { url } = await serve([bytes.subarray(0, cut), bytes.subarray(cut)]);
    await expect(PollReader.inline().read(url, "omit")).resolves.toBe(text);
  });

  it("hands on a body written in pieces as one message, its buffer transferred", async () => {
    const { url } = await serve([bytes.subarray(0, cut), bytes.subarray(cut)]);
    const replies: PollReply[] = [];
    const transfers: ArrayBuffer[][] = [];
    await readPoll({ id: 7, url, credentials: "omit" }, (reply, transfer) => {
      replies.push(reply);
      transfers.push(transfer ?? []);
    });
    expect(replies).toHaveLength(1);
    const body = "body" in replies[0]! ? replies[0].body : null;
    expect(transfers[0]).toEqual([body]);
    expect(Buffer.from(body!).toString("utf8")).toBe(text);
  });

  it("reports a refused poll with the backend's status", async () => {
    const { url } = await serve([Buffer.from('{"code":1,"message":"Session ID unknown"}')], 400);
    const failure = PollReader.inline().read(url, "omit");
    await expect(failure).rejects.toBeInstanceOf(PollError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: "the backend answered a poll with HTTP 400",
    });
  });

  it("reports a backend that cannot be reached", async () => {
    const { url } = await serve([]);
    cleanup.splice(0).forEach((step) => step()); // the server is gone
    await expect(PollReader.inline().read(url, "omit")).rejects.toBeInstanceOf(PollError);
  });

  it("reads on its own thread when the poll reader worker fails, after failing what waited", async () => {
    const workers: FakeWorker[] = [];
    class FakeWorker {
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
      posted: unknown[] = [];
      terminated = false;
      constructor() {
        workers.push(this);
      }
      postMessage(message: unknown) {
        this.posted.push(message);
      }
      terminate() {
        this.terminated = true;
      }
    }
    vi.stubGlobal("Worker", FakeWorker);
    const { url, requests } = await serve([bytes]);
    const reader = PollReader.create();
    expect(reader.inWorker).toBe(true);

    const waiting = reader.read(url, "omit");
    const requestsTo = (worker: FakeWorker) =>
      worker.posted.filter((m) => !(typeof m === "object" && m !== null && "beat" in m));
    expect(requestsTo(workers[0]!)).toEqual([{ id: 0, url, credentials: "omit" }]);
    workers[0]!.onerror!({ message: "failed to load", preventDefault() {} });
    await expect(waiting).rejects.toThrow("the poll reader worker failed (failed to load)");
    expect(workers[0]!.terminated).toBe(true);
    expect(reader.inWorker).toBe(false);

    await expect(reader.read(url, "omit")).resolves.toBe(text);
    expect(requests()).toBe(1);
  });
});
