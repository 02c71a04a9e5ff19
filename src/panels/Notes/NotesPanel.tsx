// The Notes tab: the view's notes, searchable and filtered by tag, oldest
// moment first. A click on one shows its moment on the plots and the map;
// edit and delete (with an undo) while live. "Note now" (or the `i` key)
// stamps the newest packet's moment.
import { Button, Callout, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useMemo, useState } from "react";
import type { Note, NoteChange } from "../../../workers/contract/notes";
import { showMoment } from "../../actions/momentActions";
import { openNoteNow } from "../../state/noteNow";
import { requestToast } from "../../state/toastRequests";
import { EmptyState } from "../../ui/EmptyState";
import { PanelHeading } from "../../ui/headings";
import { useLiveStatusPart, useTelemetry } from "../../worker-client/hooks";
import { allTags, filterNotes } from "./noteFilter";
import { NOTE_EDIT_PX, NOTE_ROW_PX, NoteRow } from "./NoteRow";
import { VirtualList } from "../../ui/VirtualList";
import { NoteFileButtons, type FileOutcome } from "./NoteFileButtons";
import { useNotes } from "../../worker-client/useNotes";
import "./notes.css";

const ANY_TAG = "";

export function NotesPanel() {
  const { client } = useTelemetry();
  const { list, loaded } = useNotes();
  const counters = useLiveStatusPart("counters");
  const playback = useLiveStatusPart("playback");
  const [query, setQuery] = useState("");
  const [tag, setTag] = useState(ANY_TAG);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileOutcome, setFileOutcome] = useState<FileOutcome | null>(null);
  const tags = useMemo(() => allTags(list.notes), [list.notes]);
  const shown = useMemo(
    () => filterNotes(list.notes, query, tag === ANY_TAG ? null : tag),
    [list.notes, query, tag],
  );
  const answer = async (call: Promise<{ ok: true } | { ok: false; message: string }>) => {
    try {
      const result = await call;
      return result.ok ? null : result.message;
    } catch {
      return "The telemetry core did not answer; try again.";
    }
  };
  const edit = (note: Note, change: NoteChange) => answer(client.api.editNote(note.id, change));
  const undo = async (note: Note) => setProblem(await answer(client.api.restoreNote(note)));
  const remove = async (note: Note) => {
    const message = await answer(client.api.deleteNote(note.id));
    setProblem(message);
    if (message === null)
      requestToast({
        title: "Note deleted",
        message: `“${note.text}”`,
        intent: "none",
        actions: [{ text: "Undo", onClick: () => void undo(note) }],
      });
  };
  return (
    <section className="helios-notes" aria-label="Notes" data-testid="panel-notes">
      <div className="helios-notes-toolbar">
        <PanelHeading>
          Notes {loaded && <span className="helios-notes-count">({list.notes.length})</span>}
        </PanelHeading>
        <Button
          icon="annotation"
          intent="primary"
          text="Note now"
          disabled={!list.writable}
          title={
            list.writable
              ? "Note the moment shown (i)"
              : "This replay is no recorded session: its notes cannot be kept"
          }
          onClick={() => openNoteNow({ counters, playback })}
        />
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder="Search notes"
          aria-label="Search notes"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <HTMLSelect
          aria-label="Filter by tag"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          options={[
            { value: ANY_TAG, label: "Every tag" },
            ...tags.map((t) => ({ value: t, label: t })),
          ]}
        />
        <NoteFileButtons
          count={list.notes.length}
          writable={list.writable}
          onOutcome={setFileOutcome}
        />
      </div>
      {fileOutcome && (
        <Callout
          intent={fileOutcome.ok ? "success" : "danger"}
          role={fileOutcome.ok ? "status" : "alert"}
          data-testid="notes-file-outcome"
        >
          {fileOutcome.message}
        </Callout>
      )}
      {problem && (
        <Callout intent="danger" role="alert">
          {problem}
        </Callout>
      )}
      {loaded && list.notes.length === 0 ? (
        <EmptyState
          icon="annotation"
          title="No notes yet"
          description={
            list.writable
              ? "Press i or Note now to note this moment: a driver swap, rain from the west, a BMS trip."
              : "No notes were made during this session."
          }
        />
      ) : (
        <>
          <VirtualList
            className="helios-notes-list"
            label="Notes, oldest first"
            count={shown.length}
            heightOf={(i) => (shown[i]?.id === editingId ? NOTE_EDIT_PX : NOTE_ROW_PX)}
            keyOf={(i) => shown[i]!.id}
            renderItem={(i) => (
              <NoteRow
                note={shown[i]!}
                writable={list.writable}
                editing={shown[i]!.id === editingId}
                onEditing={(on) => setEditingId(on ? shown[i]!.id : null)}
                onShow={(n) => void showMoment(client, n.from, n.to ?? n.from, n.text)}
                onEdit={edit}
                onDelete={(n) => void remove(n)}
              />
            )}
            resetKey={`${query}\u0000${tag}`}
          />
          {shown.length === 0 && <p className="helios-notes-none">No note matches.</p>}
        </>
      )}
    </section>
  );
}
