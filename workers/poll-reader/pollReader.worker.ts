// The poll reader worker: reads the backend link's long-polling answers off
// the telemetry worker's thread. Measured on the slow machine (bench/RESULTS.md,
// stop 28): reading a poll's body costs the browser about as much as parsing
// its packets (most of it the kernel's page faults as the bytes are copied into
// fresh memory), and on one thread the two left 5,000 packets/s behind; split,
// each thread has room. Each answer's bytes are transferred, never copied.
//
// An own core spawns it as a dedicated worker. A shared core cannot start
// workers: every window starts this one as a SharedWorker and hands its port to
// the core, which asks for a line of its own per poll reader (HelperConnect).
import { readPoll, type PollReply, type PollRequest } from "../shared/polling/pollAnswers";
import type { HelperConnect } from "../contract/windows";
import { answerBeat } from "../shared/helperBeats";

/** Answer every request that comes on `port` on that same port, and the core's beats at once. */
function serve(port: MessagePort | Worker): void {
  port.onmessage = (event: MessageEvent<PollRequest>) => {
    if (answerBeat(port, event.data)) return;
    void readPoll(event.data, (message: PollReply, transfer: ArrayBuffer[] = []) =>
      port.postMessage(message, transfer),
    );
  };
}

const scope = self as unknown as { onconnect?: unknown };
if ("onconnect" in scope) {
  scope.onconnect = (event: MessageEvent) => {
    const port = event.ports[0]!;
    port.onmessage = (message: MessageEvent<HelperConnect>) => {
      if (message.data?.connect instanceof MessagePort) serve(message.data.connect);
    };
  };
} else serve(self as unknown as Worker);
