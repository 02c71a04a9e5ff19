// Notes on the timeline: made, changed and deleted in the core, recorded as
// session events, brought back after a reload and shown by a replay; the
// Notes list's search. Hostile input changes nothing and says why.
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../workers/contract/events";
import type { Note } from "../../workers/contract/notes";
import { NotesDesk } from "../../workers/telemetry/notes/notesDesk";
import { NotesReplay } from "../../workers/telemetry/notes/notesReplay";
import type { ReplayContext, ReplaySessions } from "../../workers/telemetry/pipeline/Feature";
import type { SessionInfo } from "../../workers/contract/sessions";
import { addNoteSpans, notesApi, shownNotes } from "../../workers/telemetry/notes/notesApi";
import { eachNoteBand, noteSpansOf, sameNoteSpans } from "../../workers/shared/plots/noteBands";
import type { NoteSpans } from "../../workers/contract/series";
import {
  notesCsv,
  notesFile,
  notesJson,
  readNotesFile,
} from "../../workers/telemetry/notes/noteFiles";
import { openParquet } from "./parquet-read";
import { noteAt } from "../../src/panels/Plots/noteHover";
import type { FeatureView, WindowAccess } from "../../workers/telemetry/pipeline/Feature";
import type { TelemetryStore } from "../../workers/telemetry/store/TelemetryStore";
import { allTags, filterNotes } from "../../src/panels/Notes/noteFilter";
import { notesInLap } from "../../src/panels/Laps/lapNotes";
import { onToastRequest, requestToast } from "../../src/state/toastRequests";

function desk(start = 1_700_000_000_000) {
  let now = start;
  const recorded: { event: SessionEvent; atOnce: boolean }[] = [];
  const d = new NotesDesk({
    now: () => now,
    record: (event, atOnce = false) => recorded.push({ event, atOnce }),
  });
  return { d, recorded, tick: (ms = 1000) => (now += ms) };
}

const draft = (text: string, from = 1000, more: Partial<Note> = {}) => ({
  from,
  text,
  window: "Window 1",
  ...more,
});

const texts = (notes: readonly Note[]) => notes.map((n) => n.text);

describe("making a note", () => {
  it("keeps it with its moment, tags, colour and window, and records it at once", () => {
    const { d, recorded } = desk();
    const before = d.summary().revision;
    const made = d.add(
      draft("Driver swap", 1234.5, { tags: ["driver", " pit ", "driver"], colour: "green" }),
    );
    expect(made.ok).toBe(true);
    const note = (made as { note: Note }).note;
    expect(note).toMatchObject({
      from: 1234.5,
      to: null,
      text: "Driver swap",
      colour: "green",
      window: "Window 1",
    });
    expect(note.tags).toEqual(["driver", "pit"]);
    expect(d.summary()).toEqual({ revision: before + 1, count: 1 });
    expect(recorded).toEqual([{ event: { kind: "note", time: 1234.5, note }, atOnce: true }]);
  });

  it("stamps the newest packet's moment for Note now", () => {
    const { d } = desk();
    d.attach({ lastPacketTime: 1_700_000_123.4 } as TelemetryStore);
    const made = d.add({ from: "now", text: "Rain from the west", window: "Window 2" });
    expect(made.ok && made.note.from).toBe(1_700_000_123.4);
  });

  it("refuses bad input with a sentence, and nothing changes", () => {
    const { d, recorded } = desk();
    const revision = d.summary().revision;
    for (const [bad, said] of [
      [draft("   "), "A note needs some text."],
      [draft("x".repeat(2001)), "A note is at most 2000 characters."],
      [draft("Range", 100, { to: 50 }), "A note's range must end after it starts."],
      [draft("Nowhere", NaN), "The note's time is not a time."],
      [
        draft("Tags", 1, { tags: Array.from({ length: 13 }, (_, i) => `t${i}`) }),
        "A note has at most 12 tags.",
      ],
      [
        draft("Colour", 1, { colour: "plaid" as Note["colour"] }),
        "The colour is one of blue, green",
      ],
    ] as const) {
      const result = d.add(bad);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toContain(said);
    }
    expect(recorded).toEqual([]);
    expect(d.summary()).toEqual({ revision, count: 0 });
  });
});

describe("changing and deleting", () => {
  it("edits a note (a newer version), deletes it and puts it back with Undo", () => {
    const { d, tick } = desk();
    const made = d.add(draft("BMS trip"));
    const id = made.ok ? made.note.id : "";
    tick();
    const edited = d.edit(id, { text: "BMS trip, reset at 14:02", tags: ["bms"] });
    expect(edited.ok && edited.note.text).toBe("BMS trip, reset at 14:02");
    expect(texts(d.book.list())).toEqual(["BMS trip, reset at 14:02"]);
    const gone = d.delete(id);
    expect(gone.ok).toBe(true);
    expect(d.book.list()).toEqual([]);
    expect(d.edit(id, { text: "again" })).toMatchObject({ ok: false });
    expect(d.restoreNote((gone as { note: Note }).note).ok).toBe(true);
    expect(texts(d.book.list())).toEqual(["BMS trip, reset at 14:02"]);
  });
});

describe("after a reload and in a replay", () => {
  function session() {
    const { d, recorded, tick } = desk();
    const a = d.add(draft("Driver swap", 2000));
    tick();
    const b = d.add(draft("Rain", 1000, { to: 1300, tags: ["weather"] }));
    tick();
    d.edit(a.ok ? a.note.id : "", { text: "Driver swap: Sam in" });
    tick();
    const c = d.add(draft("Wrong", 3000));
    tick();
    d.delete(c.ok ? c.note.id : "");
    void b;
    return { d, events: recorded.map((r) => r.event) };
  }

  it("the recorded events bring back the same notes, oldest moment first, the deleted one gone", () => {
    const { d, events } = session();
    const again = desk(2_000_000_000_000).d;
    again.restore(events);
    expect(again.book.list()).toEqual(d.book.list());
    expect(texts(again.book.list())).toEqual(["Rain", "Driver swap: Sam in"]);
  });

  it("skips hostile events, keeping the good ones", () => {
    const { events } = session();
    const hostile = [
      { kind: "note", time: 1 },
      { kind: "note", time: 1, note: { id: "x", from: "soon", text: "bad" } },
      {
        kind: "note",
        time: 1,
        note: { ...(events[0] as unknown as { note: Note }).note, text: "" },
      },
      { kind: "note", time: 1, note: null },
    ] as unknown as SessionEvent[];
    const again = desk().d;
    again.restore([...hostile, ...events]);
    expect(texts(again.book.list())).toEqual(["Rain", "Driver swap: Sam in"]);
  });

  it("a replay shows its session's notes, read only", () => {
    const { d, events } = session();
    const replay: FeatureView = {
      store: {} as TelemetryStore,
      live: false,
      clock: 1500,
      recorded: events,
    };
    expect(texts(shownNotes(d, replay).notes)).toEqual(["Rain", "Driver swap: Sam in"]);
    expect(shownNotes(d, replay).writable).toBe(false);
    const api = notesApi(d, {
      view: () => replay,
      replayPart: () => null,
    } as unknown as WindowAccess<NotesReplay>);
    const refused = api.addNote(draft("In a replay"));
    expect(refused).toEqual({
      ok: false,
      message: expect.stringContaining("Notes are kept with recorded sessions"),
    });
    expect(texts(d.book.list())).toEqual(["Rain", "Driver swap: Sam in"]);
  });
});

describe("the Notes list's search", () => {
  const note = (text: string, tags: string[], window = "Window 1"): Note => ({
    id: text,
    from: 0,
    to: null,
    text,
    tags,
    colour: "blue",
    window,
    editedAt: 0,
  });
  const notes = [
    note("Driver swap", ["driver"]),
    note("Rain from the west", ["weather"], "Window 2"),
    note("BMS trip", ["bms", "driver"]),
  ];

  it("finds notes by every word typed, in the text, tags or window, whatever the case", () => {
    expect(texts(filterNotes(notes, "", null))).toHaveLength(3);
    expect(texts(filterNotes(notes, "rain WEST", null))).toEqual(["Rain from the west"]);
    expect(texts(filterNotes(notes, "window 2", null))).toEqual(["Rain from the west"]);
    expect(texts(filterNotes(notes, "bms", null))).toEqual(["BMS trip"]);
    expect(texts(filterNotes(notes, "", "driver"))).toEqual(["Driver swap", "BMS trip"]);
    expect(texts(filterNotes(notes, "trip", "weather"))).toEqual([]);
    expect(allTags(notes)).toEqual(["bms", "driver", "weather"]);
  });
});

describe("notes on the plots", () => {
  const note = (
    text: string,
    from: number,
    to: number | null,
    colour: Note["colour"] = "blue",
  ): Note => ({
    id: text,
    from,
    to,
    text,
    tags: [],
    colour,
    window: "Window 1",
    editedAt: 0,
  });

  it("every series answer carries the view's notes over the plot's whole window, a live tail's too", () => {
    const { d } = desk();
    d.add(draft("Before the window", 100));
    d.add(draft("Driver swap", 1500));
    d.add({ ...draft("Rain", 1400), to: 1600, colour: "green" });
    const live: FeatureView = {
      store: {} as TelemetryStore,
      live: true,
      clock: null,
      recorded: null,
    };
    const request = {
      fields: ["Battery.PackVoltage"],
      from: 1990,
      to: null,
      points: 300,
      units: "metric" as const,
      liveWindowSeconds: 600,
    };
    const result = { data: [], from: 1990, to: 2000, hasGaps: [], units: [], bucketSeconds: 2 };
    addNoteSpans(d, live, null, [request], [result]);
    // The tail starts at 1990; the window it joins starts at 2000 - 600.
    expect(bandsOf((result as { noteSpans?: NoteSpans }).noteSpans)).toEqual([
      { from: 1400, to: 1600, fill: "rgba(35, 133, 81, 0.14)" },
      { from: 1500, to: 1500, fill: "rgba(45, 114, 210, 0.9)" },
    ]);
  });

  it("a moment is a line of its colour, a range a light shade; the pointer names the nearest line, else the range", () => {
    const spans = noteSpansOf([
      { from: 5, to: null, colour: "red" },
      { from: 1, to: 9, colour: "green" },
    ]);
    expect(sameNoteSpans(spans, noteSpansOf([{ from: 5, to: null, colour: "red" }]))).toBe(false);
    expect(sameNoteSpans(spans, structuredClone(spans))).toBe(true);
    expect(bandsOf(spans)).toEqual([
      { from: 5, to: 5, fill: "rgba(205, 66, 70, 0.9)" },
      { from: 1, to: 9, fill: "rgba(35, 133, 81, 0.14)" },
    ]);
    const notes = [note("Swap", 100, null), note("Rain", 90, 120), note("Stint", 0, 1000)];
    expect(noteAt(notes, 101, 2)?.text).toBe("Swap");
    expect(noteAt(notes, 110, 2)?.text).toBe("Rain"); // the shortest range over it
    expect(noteAt(notes, 500, 2)?.text).toBe("Stint");
    expect(noteAt(notes, 2000, 2)).toBeNull();
  });
});

describe("notes as files", () => {
  function withNotes() {
    const { d, tick } = desk();
    d.add(draft("Driver swap", 1_700_000_000.5, { tags: ["driver", "pit"], colour: "green" }));
    tick();
    d.add({ ...draft('=HYPERLINK("x") "quoted", comma', 1_700_000_100), to: 1_700_000_160 });
    return d;
  }

  it("JSON and CSV round-trip every note into another session, and a second import skips them", () => {
    const d = withNotes();
    for (const [text, name] of [
      [notesJson(d.book.list()), "notes.json"],
      [notesCsv(d.book.list()), "notes.csv"],
    ] as const) {
      const read = readNotesFile(text, name);
      expect(read.ok).toBe(true);
      const other = desk(1_800_000_000_000).d;
      const first = other.importNotes(read.ok ? read.notes : [], "Window 3");
      expect(first).toEqual({ ok: true, added: 2, skipped: 0 });
      const strip = (n: Note) => ({
        from: n.from,
        to: n.to,
        text: n.text,
        tags: n.tags,
        colour: n.colour,
        window: n.window,
      });
      expect(other.book.list().map(strip)).toEqual(d.book.list().map(strip));
      expect(other.importNotes(read.ok ? read.notes : [], "Window 3")).toEqual({
        ok: true,
        added: 0,
        skipped: 2,
      });
    }
  });

  it("writes CSV a spreadsheet reads safely: times in UTC, a formula kept as text", () => {
    const csv = notesCsv(withNotes().book.list());
    expect(csv.split("\r\n")[0]).toBe(
      "Start (UTC),End (UTC),Start (epoch s),End (epoch s),Text,Tags,Colour,Window",
    );
    expect(csv).toContain("2023-11-14T22:13:20.500Z,,1700000000.5,");
    expect(csv).toContain(`"'=HYPERLINK(""x"") ""quoted"", comma"`);
  });

  it("refuses a bad file whole, saying which note and why", () => {
    const good = JSON.parse(notesJson(withNotes().book.list())) as { notes: Note[] };
    const bad = (notes: unknown[]) => JSON.stringify({ format: "helios-notes", version: 1, notes });
    for (const [text, name, said] of [
      ["{not json", "a.json", "a.json is not JSON."],
      [
        JSON.stringify({ format: "other", version: 1, notes: [] }),
        "b.json",
        'b.json is not a notes file: its "format" is not "helios-notes".',
      ],
      [
        JSON.stringify({ format: "helios-notes", version: 2, notes: [] }),
        "c.json",
        "this app reads version 1",
      ],
      [
        bad([good.notes[0], { ...good.notes[1], text: "" }]),
        "d.json",
        "d.json, note 2: A note needs some text.",
      ],
      [
        bad([{ ...good.notes[0], from: "noon" }]),
        "e.json",
        "e.json, note 1: its time is not a time.",
      ],
      [
        bad([{ ...good.notes[0], to: 1 }]),
        "f.json",
        "f.json, note 1: the range ends before it starts.",
      ],
      [
        bad(Array.from({ length: 10_001 }, () => good.notes[0])),
        "g.json",
        "holds more than 10000 notes",
      ],
      [bad([]), "h.json", "h.json holds no notes."],
      ["Time,Words\n1,hello\n", "i.csv", 'it needs the columns "Start (epoch s)" and "Text"'],
      [
        "Start (epoch s),Text,Colour\n1,ok,blue\nsoon,bad,blue\n",
        "j.csv",
        "j.csv, row 2: its time is not a time.",
      ],
      [
        "Start (epoch s),Text,Colour\n1,ok,plaid\n",
        "k.csv",
        "k.csv, row 1: its colour is one of blue",
      ],
    ] as const) {
      const read = readNotesFile(text, name);
      expect(read.ok).toBe(false);
      expect(!read.ok && read.message).toContain(said);
    }
  });

  it("imports only while live; a replay's notes export", () => {
    const d = withNotes();
    const replayView: FeatureView = {
      store: {} as TelemetryStore,
      live: false,
      clock: 1,
      recorded: [],
    };
    const api = notesApi(d, {
      view: () => replayView,
      replayPart: () => null,
    } as unknown as WindowAccess<NotesReplay>);
    expect(api.importNotes(notesJson(d.book.list()), "n.json", "Window 1")).toMatchObject({
      ok: false,
    });
    expect(api.exportNotes("json").count).toBe(0);
  });
});

describe("notes per lap", () => {
  it("counts the notes whose moment falls within a lap, its start and end included", () => {
    const at = (from: number): Note => ({
      id: String(from),
      from,
      to: null,
      text: "n",
      tags: [],
      colour: "blue",
      window: "W",
      editedAt: 0,
    });
    const notes = [99, 100, 150, 200, 200.01].map(at);
    expect(notesInLap(notes, { endMs: 200_000, lapTime: 100 })).toBe(3);
    // A note at the boundary counts in both laps: it ended one and began the next.
    expect(notesInLap(notes, { endMs: 300_000, lapTime: 100 })).toBe(2);
    expect(notesInLap([], { endMs: 200_000, lapTime: 100 })).toBe(0);
  });
});

describe("notes made during a replay", () => {
  it("are kept with the replayed session, beside the notes it already had", async () => {
    const { d, recorded } = desk();
    d.add(draft("Made live", 1000));
    const stored: Record<string, SessionEvent[]> = { s1: recorded.map((r) => r.event) };
    const sessions = {
      sessionEvents: async (id: string) => ({ events: [...(stored[id] ?? [])], dropped: 0 }),
      appendSessionEvents: async (id: string, events: readonly SessionEvent[]) => {
        (stored[id] ??= []).push(...events);
      },
    } as unknown as ReplaySessions;
    const context = {
      store: () => ({}) as TelemetryStore,
      sessions: () => sessions,
    } as ReplayContext;
    const part = new NotesReplay(context, () => 1_900_000_000_000);
    const view: FeatureView = {
      store: {} as TelemetryStore,
      live: false,
      clock: 1000,
      recorded: [],
    };
    const api = notesApi(d, {
      view: () => view,
      replayPart: () => part,
    } as unknown as WindowAccess<NotesReplay>);

    part.load({ kind: "session", id: "s1", info: {} as SessionInfo });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.notes()).toMatchObject({ writable: true });
    expect(texts(api.notes().notes)).toEqual(["Made live"]);
    expect(api.addNote(draft("Noted in the replay", 1200)).ok).toBe(true);
    expect(texts(api.notes().notes)).toEqual(["Made live", "Noted in the replay"]);
    // Recorded with s1: the next replay of it reads both.
    const next = new NotesReplay(context, () => 1_900_000_000_000);
    next.load({ kind: "session", id: "s1", info: {} as SessionInfo });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(texts(next.desk!.book.list())).toEqual(["Made live", "Noted in the replay"]);
    // The live session's notes did not change.
    expect(texts(d.book.list())).toEqual(["Made live"]);

    // A backend range is no session: read only, and said.
    part.load({ kind: "backend", from: 0, to: 1 });
    expect(api.notes().writable).toBe(false);
    expect(api.addNote(draft("Nowhere", 1))).toMatchObject({ ok: false });
  });
});

describe("notes beside an export", () => {
  it("a range's notes as Parquet, which DuckDB reads: times, a moment's null end, text and tags", async () => {
    const { d, tick } = desk();
    d.add(draft("Before", 100));
    tick();
    d.add(draft("Driver swap", 1500, { tags: ["driver", "pit"] }));
    tick();
    d.add({ ...draft("Rain", 1400), to: 1600, colour: "green" });
    const file = notesFile(
      d.book.list(),
      "parquet",
      { from: 1450, to: 2000 },
      "helios-DEMO-20261203.parquet",
    );
    expect(file).toMatchObject({ fileName: "helios-DEMO-20261203-notes.parquet", count: 2 });
    const parquet = await openParquet(file.data as Uint8Array);
    try {
      const rows = await parquet.query(`SELECT * FROM ${parquet.table} ORDER BY start_epoch_s`);
      expect(rows).toEqual([
        {
          start_epoch_s: 1400,
          end_epoch_s: 1600,
          text: "Rain",
          tags: "",
          colour: "green",
          window: "Window 1",
        },
        {
          start_epoch_s: 1500,
          end_epoch_s: null,
          text: "Driver swap",
          tags: "driver, pit",
          colour: "blue",
          window: "Window 1",
        },
      ]);
    } finally {
      parquet.close();
    }
    const csv = notesFile(d.book.list(), "csv", { from: null, to: 1450 }, "x.csv");
    expect(csv).toMatchObject({ fileName: "x-notes.csv", count: 2, mime: "text/csv" });
  });
});

describe("the undo toast a panel asks for", () => {
  it("reaches the shell's toaster, waiting until it listens", () => {
    const shown: string[] = [];
    requestToast({ title: "Note deleted", message: "“early”", intent: "none" });
    const stop = onToastRequest((t) => shown.push(t.message));
    requestToast({ title: "Note deleted", message: "“later”", intent: "none" });
    stop();
    requestToast({ title: "Note deleted", message: "“after”", intent: "none" });
    expect(shown).toEqual(["“early”", "“later”"]);
    onToastRequest((t) => shown.push(t.message))();
    expect(shown).toEqual(["“early”", "“later”", "“after”"]);
  });
});

/** The bands the painter draws for an answer's notes. */
function bandsOf(spans: NoteSpans | undefined): { from: number; to: number; fill: string }[] {
  const bands: { from: number; to: number; fill: string }[] = [];
  if (spans) eachNoteBand(spans, (from, to, fill) => bands.push({ from, to, fill }));
  return bands;
}
