// The telemetry worker's side of the poll reader: asks for a poll's answer and
// puts its chunks back together as text. In the browser the GET runs in the
// poll reader worker; without Worker (Node) on this thread, through the same
// readPoll, so the integration tests exercise everything but the hop.
import { readPoll, type PollReply, type PollRequest } from "../../../shared/polling/pollAnswers";

/** A failed poll: why, and the HTTP status when the backend answered with one. */
export class PollError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

interface Pending {
  decoder: TextDecoder;
  parts: string[];
  resolve: (text: string) => void;
  reject: (error: PollError) => void;
}

export class PollReader {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly readHere = (request: PollRequest) =>
    void readPoll(request, (reply) => this.receive(reply));
  /** How a request leaves: to the worker, or to readPoll on this thread. */
  private send: (request: PollRequest) => void = this.readHere;
  private worker: Worker | null = null;
  /** A line to the poll reader SharedWorker (a shared core), when reads go there. */
  private line: MessagePort | null = null;

  /**
   * The reader for this environment: a worker of its own where there is
   * Worker, else inline. `onWorkerLost`: the worker failed and reads moved to
   * this thread (diagnostics says so).
   */
  static create(onWorkerLost?: () => void): PollReader {
    const reader = new PollReader(onWorkerLost);
    if (typeof Worker === "function") reader.startWorker();
    else {
      const line = PollReader.sharedLine?.() ?? null;
      if (line) reader.useLine(line);
    }
    return reader;
  }

  /**
   * Where a thread that cannot start workers (the shared core) gets a line
   * to the poll reader SharedWorker; null: read on this thread. Set once by
   * the shared core's entry (sharedCore.worker.ts).
   */
  static sharedLine: (() => MessagePort | null) | null = null;

  /** GETs on this thread (Node, tests). */
  static inline(): PollReader {
    return new PollReader();
  }

  private constructor(private readonly onWorkerLost?: () => void) {}

  /** Move the GETs to the poll reader worker, their chunks transferred back. */
  private startWorker(): void {
    const worker = new Worker(
      new URL("../../../poll-reader/pollReader.worker.ts", import.meta.url),
      {
        type: "module",
        name: "helios-poll-reader",
      },
    );
    worker.onmessage = (event: MessageEvent<PollReply>) => this.receive(event.data);
    // A worker that cannot start (or dies) answers nothing: fail what waits,
    // so the link reports the error and Socket.IO dials again, and read on
    // this thread from then on (slower, but the data still comes).
    worker.onerror = (event) => {
      event.preventDefault();
      this.dropWorker(`the poll reader worker failed (${event.message || "no message"})`);
    };
    this.worker = worker;
    this.send = (request) => worker.postMessage(request);
  }

  /**
   * Send the GETs on a line to the poll reader SharedWorker. A port has no
   * error event: a SharedWorker lives as long as any window does, and so
   * does the core that reads through it.
   */
  private useLine(line: MessagePort): void {
    line.onmessage = (event: MessageEvent<PollReply>) => this.receive(event.data);
    this.line = line;
    this.send = (request) => line.postMessage(request);
  }

  /** The answer to a GET of `url`, as text. */
  read(url: string, credentials: RequestCredentials): Promise<string> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { decoder: new TextDecoder(), parts: [], resolve, reject });
      this.send({ id, url, credentials });
    });
  }

  /** Whether GETs run in the poll reader worker (false: on this thread). */
  get inWorker(): boolean {
    return this.worker !== null || this.line !== null;
  }

  private receive(reply: PollReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    if ("chunk" in reply) {
      pending.parts.push(pending.decoder.decode(reply.chunk, { stream: true }));
      return;
    }
    this.pending.delete(reply.id);
    if ("end" in reply) {
      pending.parts.push(pending.decoder.decode());
      pending.resolve(pending.parts.join(""));
    } else pending.reject(new PollError(reply.failed, reply.status));
  }

  private dropWorker(message: string): void {
    this.worker?.terminate();
    this.worker = null;
    this.send = this.readHere;
    for (const pending of this.pending.values()) pending.reject(new PollError(message));
    this.pending.clear();
    this.onWorkerLost?.();
  }
}
