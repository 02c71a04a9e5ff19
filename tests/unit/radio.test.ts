import { describe, expect, it } from "vitest";
import type { ConnectionState } from "../../workers/contract/connection";
import { RadioSource } from "../../workers/telemetry/sources/RadioSource";
import type { SourceSink } from "../../workers/telemetry/sources/SourceSink";

function recordingSink() {
  const frames: unknown[] = [];
  const connection: Array<Partial<ConnectionState>> = [];
  const sink: SourceSink = {
    packet: (raw, source) => {
      expect(source).toBe("RADIO");
      frames.push(raw);
    },
    connection: (patch) => void connection.push(patch),
    latency: () => undefined,
    notify: () => undefined,
    lapData: () => undefined,
    lapCoords: () => undefined,
    raceInfo: () => undefined,
  };
  return { sink, frames, connection };
}

function streamOf(chunks: Array<string | Uint8Array>, error?: Error): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next !== undefined)
        controller.enqueue(typeof next === "string" ? encoder.encode(next) : next);
      else if (error) controller.error(error);
      else controller.close();
    },
  });
}

describe("RadioSource", () => {
  it("reassembles frames split across chunks and splits several per chunk", async () => {
    const { sink, frames } = recordingSink();
    const radio = new RadioSource(sink);
    await radio.attach(streamOf(['{"a":', "1}\n{", '"b":2}\n{"c":3}\n']));
    expect(frames).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it("handles CRLF, blank lines and a last frame without a newline", async () => {
    const { sink, frames } = recordingSink();
    const radio = new RadioSource(sink);
    await radio.attach(streamOf(['{"a":1}\r\n\r\n', "\n   \n", '{"b":2}\r', '\n{"c":3}']));
    expect(frames).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it("decodes a multi-byte character split between chunks", async () => {
    const { sink, frames } = recordingSink();
    const bytes = new TextEncoder().encode('{"Title":"Hélios°"}\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
    await new RadioSource(sink).attach(streamOf([bytes.slice(0, cut), bytes.slice(cut)]));
    expect(frames).toEqual([{ Title: "Hélios°" }]);
  });

  it("cuts an over-long garbage line short and recovers at the next newline", async () => {
    const { sink, frames } = recordingSink();
    const radio = new RadioSource(sink, { maxLineLength: 1000 });
    const noise = "x".repeat(700);
    await radio.attach(streamOf([noise, noise, noise, '\n{"ok":1}\n', "y".repeat(3000) + "\n"]));
    expect(frames).toHaveLength(3);
    expect((frames[0] as string).length).toBeLessThanOrEqual(1000);
    expect(frames[1]).toEqual({ ok: 1 });
    expect((frames[2] as string).length).toBeLessThanOrEqual(1000);
  });

  it("reports the radio connected while reading and disconnected when the stream ends", async () => {
    const { sink, connection } = recordingSink();
    const radio = new RadioSource(sink);
    const done = radio.attach(streamOf(['{"a":1}\n']));
    expect(radio.connected).toBe(true);
    expect(connection).toEqual([{ radioConnected: true }]);
    await done;
    expect(radio.connected).toBe(false);
    expect(connection.at(-1)).toEqual({ radioConnected: false });
  });

  it("reports disconnected when the port fails (unplugged), keeping frames read so far", async () => {
    const { sink, frames, connection } = recordingSink();
    const radio = new RadioSource(sink);
    await radio.attach(streamOf(['{"a":1}\n{"b"'], new Error("device lost")));
    expect(frames).toEqual([{ a: 1 }]);
    expect(connection.at(-1)).toEqual({ radioConnected: false });
  });

  it("stops reading when detached", async () => {
    const { sink, frames, connection } = recordingSink();
    const radio = new RadioSource(sink);
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (!cancelled) controller.enqueue(new TextEncoder().encode('{"a":1}\n'));
      },
      cancel: () => void (cancelled = true),
    });
    const done = radio.attach(endless);
    await new Promise((resolve) => setTimeout(resolve, 30));
    radio.detach();
    await done;
    const count = frames.length;
    expect(count).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(frames.length).toBe(count);
    expect(cancelled).toBe(true); // the port's stream is released for the main thread to close
    expect(connection.filter((c) => c.radioConnected === false)).toHaveLength(1);
  });
});

describe("RadioSource's edge", () => {
  it("hands a frame in the 2026-06 spelling on with the internal names, and text that is not JSON as it is", async () => {
    const { sink, frames } = recordingSink();
    const radio = new RadioSource(sink);
    const wire = JSON.stringify({ B3: { HeadlightsSwitchInput: true, Horn: false } });
    await radio.attach(streamOf([`${wire}\nnot json\n`]));
    expect(frames).toEqual([{ B3: { HeadightsSwitchInput: true, Horn: false } }, "not json"]);
  });
});
