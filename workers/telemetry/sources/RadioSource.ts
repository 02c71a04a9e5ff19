// RADIO: newline-delimited JSON packets from the USB radio's serial port. The
// main thread opens the Web Serial port (it needs a user gesture) and
// transfers `port.readable` here. Frames may arrive split across chunks or
// several per chunk; CRLF and blank lines are tolerated. A line that grows
// past the limit (noise on the link, a missing newline) is cut short and
// handed on truncated, so the store counts it as rejected without us
// buffering garbage without bound.
import { GENERATION_TABLE } from "../schema/generationTable";
import type { Source } from "./Source";
import type { SourceSink } from "./SourceSink";

const DEFAULT_MAX_LINE_BYTES = 64 * 1024; // a packet is ~10 KB
const REJECT_PREVIEW_CHARS = 200;

interface RadioSourceOptions {
  maxLineLength?: number;
}

export class RadioSource implements Source {
  readonly kind = "RADIO";
  private readonly sink: SourceSink;
  private readonly maxLine: number;
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  /** Frames handed to the sink (including over-long ones). */
  frames = 0;

  constructor(sink: SourceSink, options: RadioSourceOptions = {}) {
    this.sink = sink;
    this.maxLine = options.maxLineLength ?? DEFAULT_MAX_LINE_BYTES;
  }

  get connected(): boolean {
    return this.reader !== null;
  }

  /**
   * Nothing to open here: the port needs a user gesture, so the main thread
   * opens it and hands its stream over with attach().
   */
  start(): void {}

  /** Let go of the port's stream (the port stays the main thread's to close). */
  stop(): void {
    this.detach();
  }

  /** Start reading a port's stream; a previously attached stream is released first. */
  attach(readable: ReadableStream<Uint8Array>): Promise<void> {
    this.detach();
    let reader: ReadableStreamDefaultReader<Uint8Array>;
    try {
      reader = readable.getReader();
    } catch {
      return Promise.resolve(); // locked or not a stream: nothing to read
    }
    this.reader = reader;
    this.sink.connection({ radioConnected: true });
    return this.read(reader).finally(() => {
      if (this.reader === reader) {
        this.reader = null;
        this.sink.connection({ radioConnected: false });
      }
    });
  }

  /** Stop reading (the port stays the main thread's to close). */
  detach(): void {
    const reader = this.reader;
    if (!reader) return;
    this.reader = null;
    reader.cancel().catch(() => undefined);
    this.sink.connection({ radioConnected: false });
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let pending = "";
    let skipping = false; // inside an over-long line: drop until its newline
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || this.reader !== reader) break;
        pending += decoder.decode(value, { stream: true });
        let start = 0;
        for (let nl = pending.indexOf("\n"); nl !== -1; nl = pending.indexOf("\n", start)) {
          if (skipping) skipping = false;
          else this.frame(pending.slice(start, nl));
          start = nl + 1;
        }
        pending = pending.slice(start);
        if (pending.length > this.maxLine) {
          if (!skipping) this.frame(pending.slice(0, REJECT_PREVIEW_CHARS));
          skipping = true;
          pending = "";
        }
      }
      pending += decoder.decode();
      if (!skipping && this.reader === reader) this.frame(pending);
    } catch {
      // The port went away (unplugged, cancelled): the finally in attach() reports it.
    } finally {
      try {
        reader.releaseLock();
      } catch {
        // already released
      }
    }
  }

  private frame(line: string): void {
    const text = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (text.trim() === "") return;
    this.frames++;
    if (text.length > this.maxLine)
      return this.sink.packet(text.slice(0, REJECT_PREVIEW_CHARS), "RADIO");
    this.sink.packet(internalPacket(text), "RADIO");
  }
}

/**
 * The radio's edge, like the network's: a frame in any backend generation's
 * spelling reaches the store with the internal names. Text that is not JSON
 * goes on as it is, for the store to reject with the parser's reason.
 */
function internalPacket(text: string): unknown {
  let packet: unknown;
  try {
    packet = JSON.parse(text);
  } catch {
    return text;
  }
  return GENERATION_TABLE.toInternal(packet, GENERATION_TABLE.recognise(packet));
}
