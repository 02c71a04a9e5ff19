// The storage worker on MessageChannels, as the windows hand it to a shared core.
import * as Comlink from "comlink";
import { afterEach } from "vitest";
import type { HelperConnect } from "../../workers/contract/windows";
import { newStorageHost } from "../../workers/storage/storageHost";

const ports: MessagePort[] = [];

/** Closes every port a test opened, so the run can end. */
export function closeStoragePortsAfterEach(): void {
  afterEach(() => {
    for (const port of ports.splice(0)) port.close();
  });
}

/** A port to a storage SharedWorker of its own (its host answers on the line it is asked for). */
export function storageVia(): MessagePort {
  const connect = new MessageChannel();
  connect.port2.onmessage = (message: MessageEvent<HelperConnect>) => {
    ports.push(message.data.connect);
    Comlink.expose(newStorageHost(), message.data.connect);
  };
  ports.push(connect.port1, connect.port2);
  return connect.port1;
}
