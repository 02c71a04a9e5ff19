// One note in the Notes list: its moment, text (one line; the whole in its
// title), tags and window; a click shows its moment on the plots and the map.
// Edit turns the row into the note's fields. Rows have fixed heights
// (NOTE_ROW_PX, NOTE_EDIT_PX): the list puts only those in view in the page.
import { Button, Tag } from "@blueprintjs/core";
import { useState } from "react";
import type { Note, NoteChange } from "../../../workers/contract/notes";
import { formatTimeNamed } from "../../ui/format/dateTime";
import { formatSpan } from "../../ui/format/historyFormat";
import { NoteFields, type NoteFieldValues } from "../../ui/NoteFields";
import { NOTE_COLOUR_LOOK, tagsFromText } from "../../ui/noteColours";

/** A row's height and an editing row's, with the gap below it (px; notes.css matches). */
export const NOTE_ROW_PX = 60;
export const NOTE_EDIT_PX = 290;

interface NoteRowProps {
  note: Note;
  writable: boolean;
  /** Its fields are open for an edit (the list sizes the row for it). */
  editing: boolean;
  onEditing: (editing: boolean) => void;
  onShow: (note: Note) => void;
  onEdit: (note: Note, change: NoteChange) => Promise<string | null>;
  onDelete: (note: Note) => void;
}

/** "14:02:31 CST", or "14:02:31 CST, for 4.5 min" for a range. */
export function noteWhen(note: Pick<Note, "from" | "to">): string {
  const at = formatTimeNamed(note.from);
  return note.to === null ? at : `${at}, for ${formatSpan(note.to - note.from)}`;
}

export function NoteRow(props: NoteRowProps) {
  const { note, editing } = props;
  if (editing) return <NoteEditor {...props} />;
  return (
    <div className="helios-note" style={{ borderLeftColor: NOTE_COLOUR_LOOK[note.colour].swatch }}>
      <button
        type="button"
        className="helios-note-show"
        title="Show this moment on the plots and the map"
        onClick={() => props.onShow(note)}
      >
        <span className="helios-note-when">{noteWhen(note)}</span>
        <span className="helios-note-text" title={note.text}>
          {note.text}
        </span>
      </button>
      <div className="helios-note-meta">
        {note.tags.map((tag) => (
          <Tag key={tag} minimal round>
            {tag}
          </Tag>
        ))}
        <span className="helios-note-window">{note.window}</span>
        {props.writable && (
          <span className="helios-note-actions">
            <Button
              size="small"
              variant="minimal"
              icon="edit"
              aria-label={`Edit the note “${note.text}”`}
              onClick={() => props.onEditing(true)}
            />
            <Button
              size="small"
              variant="minimal"
              icon="trash"
              aria-label={`Delete the note “${note.text}”`}
              onClick={() => props.onDelete(note)}
            />
          </span>
        )}
      </div>
    </div>
  );
}

/** The note's fields, saved in place; a refusal is said and the text stays to fix. */
function NoteEditor({ note, onEdit, onEditing }: NoteRowProps) {
  const [values, setValues] = useState<NoteFieldValues>({
    text: note.text,
    tags: note.tags.join(", "),
    colour: note.colour,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    const message = await onEdit(note, {
      text: values.text,
      tags: tagsFromText(values.tags),
      colour: values.colour,
    });
    if (message === null) onEditing(false);
    else setProblem(message);
  };
  return (
    <div
      className="helios-note helios-note-editing"
      role="group"
      aria-label={`Editing the note at ${noteWhen(note)}`}
    >
      <NoteFields
        values={values}
        onChange={setValues}
        onSubmit={() => void save()}
        idPrefix={`note-${note.id}`}
      />
      {problem && (
        <p className="helios-note-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="helios-note-actions">
        <Button size="small" text="Cancel" onClick={() => onEditing(false)} />
        <Button size="small" intent="primary" text="Save" onClick={() => void save()} />
      </div>
    </div>
  );
}
