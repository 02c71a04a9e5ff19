// The telemetry worker's side of the poll reader: asks for a poll's answer and
// decodes its bytes as text. In the browser the GET runs in the
// poll reader worker; without Worker (Node) on this thread, through the same
// readPoll, so the integration tests exercise everything but the hop.
//
// The line to the poll reader carries beats (shared/helperBeats.ts). A poll
// reader that stops answering (it died, or hangs) fails the GET that waited,
// so the link reports the error and Socket.IO dials again; the GETs are read
// on this thread until a new poll reader answers (issue 58, item 12).
import { readPoll, type PollReply, type PollRequest } from "../../../shared/polling/pollAnswers";
import { HelperWatch, isBeat } from "../../../shared/helperBeats";
import { realTimers, type Timers } from "../timers";

/** A failed poll: why, and the HTTP status when the backend answered with one. */
export class PollError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What a PollReader tells its owner (the link). */
export interface PollReaderEvents {
  /** Reads moved between the worker and this thread (diagnostics says where they run). */
  moved?(): void;
  /** The poll reader stopped answering: the GET that waited failed (the link dials again). */
  stopped?(): void;
}

const STOPPED = "the poll reader worker stopped answering";

interface Pending {
  resolve: (text: string) => void;
  reject: (error: PollError) => void;
}

export class PollReader {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly decoder = new TextDecoder();
  private readonly readHere = (request: PollRequest) =>
    void readPoll(request, (reply) => this.receive(reply));
  /** How a request leaves: to the worker, or to readPoll on this thread. */
  private send: (request: PollRequest) => void = this.readHere;
  private worker: Worker | null = null;
  /** A line to the poll reader SharedWorker (a shared core), when reads go there. */
  private line: MessagePort | null = null;
  /** The beats on the worker's line or the SharedWorker's. */
  private watch: HelperWatch | null = null;

  /**
   * The reader for this environment: a worker of its own where there is
   * Worker, else a line to the poll reader SharedWorker, else inline.
   */
  static create(events: PollReaderEvents = {}, timers: Timers = realTimers): PollReader {
    const reader = new PollReader(timers, events);
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
  /** A line to a new poll reader SharedWorker once the one in use stopped answering (sharedCore.worker.ts). */
  static sharedReplacement: (() => Promise<MessagePort>) | null = null;

  /** GETs on this thread (Node, tests). */
  static inline(): PollReader {
    return new PollReader(realTimers);
  }

  private constructor(
    private readonly timers: Timers,
    private readonly events: PollReaderEvents = {},
  ) {}

  /** Move the GETs to the poll reader worker, their bodies transferred back. */
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
    // A worker that stops answering is replaced by a new one.
    this.watchBeats(worker, () => {
      this.dropWorker(STOPPED);
      this.startWorker();
      this.events.moved?.();
      this.events.stopped?.();
    });
  }

  /**
   * Send the GETs on a line to the poll reader SharedWorker. A port has no
   * error event: the beats tell when it stopped answering, and a new
   * SharedWorker is asked for (sharedReplacement).
   */
  private useLine(line: MessagePort): void {
    line.onmessage = (event: MessageEvent<PollReply>) => this.receive(event.data);
    this.line = line;
    this.send = (request) => line.postMessage(request);
    this.watchBeats(line, () => this.loseLine(line));
  }

  /** The line went silent: what waits fails, reads run here, and a new poll reader is asked for. */
  private loseLine(line: MessagePort): void {
    line.close();
    this.line = null;
    this.send = this.readHere;
    this.failPending(STOPPED);
    this.events.moved?.();
    this.events.stopped?.();
    void PollReader.sharedReplacement?.().then((next) => {
      if (this.line !== null) return next.close();
      this.useLine(next);
      this.events.moved?.();
    });
  }

  private watchBeats(endpoint: MessagePort | Worker, silent: () => void): void {
    this.watch?.stop();
    this.watch = new HelperWatch((beat) => endpoint.postMessage(beat), silent, this.timers);
  }

  /** The answer to a GET of `url`, as text. */
  read(url: string, credentials: RequestCredentials): Promise<string> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ id, url, credentials });
    });
  }

  /** Whether GETs run in the poll reader worker (false: on this thread). */
  get inWorker(): boolean {
    return this.worker !== null || this.line !== null;
  }

  private receive(reply: PollReply): void {
    this.watch?.heard();
    if (isBeat(reply)) return;
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if ("body" in reply) pending.resolve(this.decoder.decode(reply.body));
    else pending.reject(new PollError(reply.failed, reply.status));
  }

  private dropWorker(message: string): void {
    this.watch?.stop();
    this.watch = null;
    this.worker?.terminate();
    this.worker = null;
    this.send = this.readHere;
    this.failPending(message);
    this.events.moved?.();
  }

  private failPending(message: string): void {
    for (const pending of this.pending.values()) pending.reject(new PollError(message));
    this.pending.clear();
  }
}
