// The poll reader worker: reads the backend link's long-polling answers off
// the telemetry worker's thread. Measured on the slow machine (bench/RESULTS.md,
// stop 28): reading a poll's body costs the browser about as much as parsing
// its packets (most of it the kernel's page faults as the bytes are copied into
// fresh memory), and on one thread the two left 5,000 packets/s behind; split,
// each thread has room. Chunks are transferred, never copied.
import { readPoll, type PollReply, type PollRequest } from "../shared/polling/pollAnswers";

const post = (message: PollReply, transfer: ArrayBuffer[] = []) =>
  (self as unknown as Worker).postMessage(message, transfer);

self.onmessage = (event: MessageEvent<PollRequest>) => void readPoll(event.data, post);
