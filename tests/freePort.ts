// A TCP port nobody listens on right now: for a test server to take, or to
// stand for a backend that refuses connections.
import { createServer, type AddressInfo } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    // Port 0: the system hands out a free one; closing gives it back for the server.
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
