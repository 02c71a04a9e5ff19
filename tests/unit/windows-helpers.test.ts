// A shared core reaches its storage and poll reader threads through ports to
// SharedWorkers that every window starts (issue 38). Each user the core makes
// (a session store, a poll reader) asks for a line of its own on that port.
// Here the SharedWorkers' connect ports are plain MessageChannels in Node.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { PollReply, PollRequest } from "../../workers/contract/pollReaderProtocol";
import type { HelperConnect } from "../../workers/contract/windows";
import { serveStorageLines } from "../../workers/storage/storageHost";
import { RemoteSessionDb } from "../../workers/telemetry/sessions/RemoteSessionDb";
import { WindowRoster } from "../../workers/telemetry/service/windowRoster";
import { PollReader } from "../../workers/telemetry/sources/polling/PollReader";

const opened: MessagePort[] = [];
afterEach(() => {
  for (const port of opened.splice(0)) port.close();
  PollReader.sharedLine = null;
});

/** The storage SharedWorker as a window hands it to the core: its connect port. */
function storageSharedWorker(): MessagePort {
  const channel = new MessageChannel();
  serveStorageLines(channel.port2);
  opened.push(channel.port1, channel.port2);
  return channel.port1;
}

describe("the storage SharedWorker serves each session store on a line of its own", () => {
  it("a store closing (the core restarted) leaves the next one's database open", async () => {
    const via = storageSharedWorker();
    const before = await RemoteSessionDb.open("layout", { name: "helios-windows-test", via });
    const after = await RemoteSessionDb.open("layout", { name: "helios-windows-test", via });
    before.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(after.listSessions()).resolves.toEqual([]);
    after.close();
  });
});

describe("the poll reader SharedWorker", () => {
  it("a core that cannot start workers reads its polls on a line to it", async () => {
    const connect = new MessageChannel();
    opened.push(connect.port1, connect.port2);
    // The SharedWorker's side: each line answers a GET with its body's bytes.
    connect.port2.onmessage = (event: MessageEvent<HelperConnect>) => {
      const line = event.data.connect;
      line.onmessage = ({ data }: MessageEvent<PollRequest>) => {
        const body = new TextEncoder().encode('4{"a":1}').buffer;
        line.postMessage({ id: data.id, body } satisfies PollReply, [body]);
      };
      opened.push(line);
    };
    const roster = new WindowRoster(null);
    roster.greet({ id: "w", lockName: "w", pollReaderPort: connect.port1 }, true, () => undefined);
    PollReader.sharedLine = () => roster.line("pollReader");
    const reader = PollReader.create();
    expect(reader.inWorker).toBe(true);
    await expect(reader.read("http://127.0.0.1:1/never-fetched", "omit")).resolves.toBe('4{"a":1}');
  });

  it("without a line (no window brought the port) it reads on the core's own thread", () => {
    const roster = new WindowRoster(null);
    PollReader.sharedLine = () => roster.line("pollReader");
    expect(PollReader.create().inWorker).toBe(false);
  });
});

describe("which window's helper ports the core uses", () => {
  const port = () => {
    const channel = new MessageChannel();
    opened.push(channel.port1, channel.port2);
    return channel.port1;
  };

  it("a later window's ports only where the core has none; a starting window's always", () => {
    const roster = new WindowRoster(null);
    const first = port();
    roster.greet({ id: "a", lockName: "a", storagePort: first }, true, () => undefined);
    roster.greet({ id: "b", lockName: "b", storagePort: port() }, false, () => undefined);
    expect(roster.storage).toBe(first);
    roster.lost("storage");
    const third = port();
    roster.greet({ id: "c", lockName: "c", storagePort: third }, false, () => undefined);
    expect(roster.storage).toBe(third);
    // The core stopped with its last window; the next one to start it brings fresh helpers.
    const fresh = port();
    roster.greet({ id: "d", lockName: "d", storagePort: fresh }, true, () => undefined);
    expect(roster.storage).toBe(fresh);
  });

  it("?coreStorage=inline of the window that starts the core puts IndexedDB on the core's thread", () => {
    const roster = new WindowRoster(null);
    const hello = { id: "a", lockName: "a", storagePort: port() };
    roster.greet({ ...hello, coreStorage: "inline" }, true, () => undefined);
    expect(roster.inlineStorage).toBe(true);
    // A later window does not change how a running core stores.
    roster.greet({ id: "b", lockName: "b" }, false, () => undefined);
    expect(roster.inlineStorage).toBe(true);
    roster.greet({ id: "c", lockName: "c" }, true, () => undefined);
    expect(roster.inlineStorage).toBe(false);
  });
});
