// The notes the window's view shows, read from the core again whenever the
// notes' revision in the snapshot moves (a note made in any window).
import { useEffect, useState } from "react";
import type { NoteList, NotesSummary } from "../../workers/contract/notes";
import { useLiveStatusPart, useTelemetry } from "./hooks";

const NONE: NoteList = { notes: [], writable: false };

export function useNotes(): { list: NoteList; loaded: boolean } {
  const { client } = useTelemetry();
  const features = useLiveStatusPart("features");
  const revision = (features?.notes as NotesSummary | undefined)?.revision;
  const [state, setState] = useState({ list: NONE, loaded: false });
  useEffect(() => {
    let stale = false;
    client.api.notes().then(
      (list) => !stale && setState({ list, loaded: true }),
      () => undefined, // the core is restarting: the next revision reads again
    );
    return () => {
      stale = true;
    };
  }, [client, revision]);
  return state;
}
