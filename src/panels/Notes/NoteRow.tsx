// One note in the Notes list: its moment, text, tags and window; a click
// shows its moment on the plots and the map. Edit turns the row into the
// note's fields.
import { Button, Tag } from "@blueprintjs/core";
import { useState } from "react";
import type { Note, NoteChange } from "../../../workers/contract/notes";
import { formatTimeNamed } from "../../ui/format/dateTime";
import { formatSpan } from "../../ui/format/historyFormat";
import { NoteFields, type NoteFieldValues } from "../../ui/NoteFields";
import { NOTE_COLOUR_LOOK, tagsFromText } from "../../ui/noteColours";

interface NoteRowProps {
  note: Note;
  writable: boolean;
  onShow: (note: Note) => void;
  onEdit: (note: Note, change: NoteChange) => Promise<string | null>;
  onDelete: (note: Note) => void;
}

/** "14:02:31 CST", or "14:02:31 CST, for 4.5 min" for a range. */
export function noteWhen(note: Pick<Note, "from" | "to">): string {
  const at = formatTimeNamed(note.from);
  return note.to === null ? at : `${at}, for ${formatSpan(note.to - note.from)}`;
}

export function NoteRow({ note, writable, onShow, onEdit, onDelete }: NoteRowProps) {
  const [editing, setEditing] = useState<NoteFieldValues | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (editing) {
    const save = async () => {
      const message = await onEdit(note, {
        text: editing.text,
        tags: tagsFromText(editing.tags),
        colour: editing.colour,
      });
      if (message === null) setEditing(null);
      setProblem(message);
    };
    return (
      <li
        className="helios-note helios-note-editing"
        aria-label={`Editing the note at ${noteWhen(note)}`}
      >
        <NoteFields
          values={editing}
          onChange={setEditing}
          onSubmit={() => void save()}
          idPrefix={`note-${note.id}`}
        />
        {problem && (
          <p className="helios-note-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="helios-note-actions">
          <Button size="small" text="Cancel" onClick={() => setEditing(null)} />
          <Button size="small" intent="primary" text="Save" onClick={() => void save()} />
        </div>
      </li>
    );
  }
  return (
    <li className="helios-note" style={{ borderLeftColor: NOTE_COLOUR_LOOK[note.colour].swatch }}>
      <button
        type="button"
        className="helios-note-show"
        title="Show this moment on the plots and the map"
        onClick={() => onShow(note)}
      >
        <span className="helios-note-when">{noteWhen(note)}</span>
        <span className="helios-note-text">{note.text}</span>
      </button>
      <div className="helios-note-meta">
        {note.tags.map((tag) => (
          <Tag key={tag} minimal round>
            {tag}
          </Tag>
        ))}
        <span className="helios-note-window">{note.window}</span>
        {writable && (
          <span className="helios-note-actions">
            <Button
              size="small"
              variant="minimal"
              icon="edit"
              aria-label={`Edit the note “${note.text}”`}
              onClick={() =>
                setEditing({ text: note.text, tags: note.tags.join(", "), colour: note.colour })
              }
            />
            <Button
              size="small"
              variant="minimal"
              icon="trash"
              aria-label={`Delete the note “${note.text}”`}
              onClick={() => onDelete(note)}
            />
          </span>
        )}
      </div>
    </li>
  );
}
