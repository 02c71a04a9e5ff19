// The notes the window's view shows, read from the core again whenever the
// notes' revision in the snapshot moves (a note made in any window). One read
// per revision serves the whole window: every plot, the scrubber, the lap
// table and the Notes tab share it (twelve plots each reading 1,000 notes
// once made a layout switch wait on twelve copies).
import { useEffect, useSyncExternalStore } from "react";
import type { NoteList, NotesSummary } from "../../workers/contract/notes";
import { useLiveStatusPart, useTelemetry } from "./hooks";
import type { TelemetryClient } from "./TelemetryClient";

const NONE: NoteList = { notes: [], writable: false };
const NOT_READ = Symbol("not read");

interface NotesState {
  list: NoteList;
  loaded: boolean;
}

/** The window's copy of the notes, for one telemetry client. */
class SharedNotes {
  state: NotesState = { list: NONE, loaded: false };
  private readFor: unknown = NOT_READ;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly client: TelemetryClient) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): NotesState => this.state;

  /** Read the notes for `revision`, unless they are read or on their way. */
  want(revision: unknown): void {
    if (revision === this.readFor) return;
    this.readFor = revision;
    this.client.api.notes().then(
      (list) => {
        if (this.readFor !== revision) return; // a newer revision is on its way
        this.state = { list, loaded: true };
        for (const listener of this.listeners) listener();
      },
      () => {
        // The core is restarting: the next look reads again.
        if (this.readFor === revision) this.readFor = NOT_READ;
      },
    );
  }
}

const shared = new WeakMap<TelemetryClient, SharedNotes>();

function sharedFor(client: TelemetryClient): SharedNotes {
  let notes = shared.get(client);
  if (!notes) shared.set(client, (notes = new SharedNotes(client)));
  return notes;
}

export function useNotes(): NotesState {
  const { client } = useTelemetry();
  const features = useLiveStatusPart("features");
  const revision = (features?.notes as NotesSummary | undefined)?.revision;
  const notes = sharedFor(client);
  const state = useSyncExternalStore(notes.subscribe, notes.snapshot);
  useEffect(() => notes.want(revision), [notes, revision]);
  return state;
}
