// engine.io's long-polling transport with its GETs answered by a PollReader
// (another thread in the browser), and the next GET asked for before this
// answer's packets are handled, so the reader loads it meanwhile. Writes
// (pings, acknowledgements, the finish line) are POSTs on this thread, as
// engine.io's are (few and small), except that a redirect is not followed.
import { Fetch } from "engine.io-client";
import { decodePayload, type Packet } from "engine.io-parser";
import { isRedirect, NO_REDIRECT, redirectRefused } from "../../../shared/backendRedirect";
import type { PollReader } from "./PollReader";
import { PollError } from "./PollReader";

/** Polling's own state, which its onData keeps (engine.io-client 6.6; pollingInternals.ts checks it). */
interface PollingInternals {
  _polling: boolean;
  _poll(): void;
}

/**
 * A polling transport class (name "polling", as the server expects) reading
 * through `reader`, built on `base` (engine.io's Fetch; tests pass others).
 */
export function readerPolling(reader: PollReader, base: typeof Fetch = Fetch): typeof Fetch {
  return class ReaderPolling extends base {
    override doPoll(): void {
      const credentials = this.opts.withCredentials ? "include" : "omit";
      reader.read(this.uri(), credentials).then(
        (text) => this.onData(text),
        (error: unknown) =>
          this.onError(
            "fetch read error",
            error instanceof PollError && error.status !== undefined ? error.status : error,
          ),
      );
    }

    /**
     * One POST of packets. engine.io's own would follow a redirect, and a 307
     * carries the body along: a setLapCoords with its password would reach
     * the host it points to. Here a redirect fails the write, saying why.
     * (engine.io's Node-only cookie jar is left out: browsers keep cookies.)
     */
    override doWrite(data: string, done: () => void): void {
      const url = this.uri();
      const headers = new Headers(this.opts.extraHeaders);
      headers.set("content-type", "text/plain;charset=UTF-8");
      const credentials = this.opts.withCredentials ? "include" : "omit";
      fetch(url, { method: "POST", body: data, headers, credentials, ...NO_REDIRECT }).then(
        (response) => {
          if (isRedirect(response))
            this.onError("fetch write error", redirectRefused(url, response));
          else if (!response.ok) this.onError("fetch write error", response.status);
          else done();
        },
        (error: unknown) => this.onError("fetch write error", error),
      );
    }

    /**
     * Polling's onData, with one change: on an open transport the next poll
     * goes out before the packets are handled (engine.io asks for it after).
     * Only one GET is ever in flight, as the server requires; while opening
     * or pausing for an upgrade the order is engine.io's own.
     */
    override onData(data: string): void {
      const internals = this as unknown as PollingInternals;
      const packets = decodePayload(data, this.socket.binaryType);
      const pollNow = this.readyState === "open";
      if (pollNow) this.completePoll(internals);
      for (const packet of packets) if (!this.handle(packet)) return;
      if (!pollNow && this.readyState !== "closed") this.completePoll(internals);
    }

    private completePoll(internals: PollingInternals): void {
      internals._polling = false;
      this.emitReserved("pollComplete");
      if (this.readyState === "open") internals._poll();
    }

    /** One packet, as Polling handles it; false once the server closed the transport. */
    private handle(packet: Packet): boolean {
      if (this.readyState === "opening" && packet.type === "open") this.onOpen();
      if (packet.type === "close") {
        this.onClose({ description: "transport closed by the server" });
        return false;
      }
      this.onPacket(packet);
      return true;
    }
  };
}
