import { createServer, type AddressInfo, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../freePort";

// The browser tests serve the app and the feed server on freePort's ports, so
// a port already taken (a dev server on 4173, another run) must never come back.
const servers: Server[] = [];
const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
    servers.push(server);
  });

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe("freePort", () => {
  it("gives a port a server can then listen on, never one already in use", async () => {
    const taken = await Promise.all([listen(0), listen(0), listen(0)]);
    const takenPorts = taken.map((s) => (s.address() as AddressInfo).port);
    for (let i = 0; i < 5; i++) {
      const port = await freePort();
      expect(takenPorts).not.toContain(port);
      await expect(listen(port)).resolves.toBeDefined();
    }
  });
});
