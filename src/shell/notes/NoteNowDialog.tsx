// "Note now": the `i` key or the Notes tab's button stamps the newest
// packet's moment and asks for the note's text. Saved in the core, it shows
// in every window at once; a refusal (no text, a replay) is said here and
// nothing is lost: the text stays to fix.
import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { noteNow } from "../../state/noteNow";
import { windowIdentity } from "../../state/windowName";
import { formatTimeNamed } from "../../ui/format/dateTime";
import { NoteFields, type NoteFieldValues } from "../../ui/NoteFields";
import { tagsFromText } from "../../ui/noteColours";
import { useTelemetry } from "../../worker-client/hooks";

const EMPTY: NoteFieldValues = { text: "", tags: "", colour: "blue" };

/** "Note at 14:02:31 CST", or "Note over 14:02:31 CST – 14:06:02 CST" for a range. */
function dialogTitle(from: number | null, to: number | null): string {
  if (from === null) return "Note now";
  if (to === null) return `Note at ${formatTimeNamed(from)}`;
  return `Note over ${formatTimeNamed(from)} – ${formatTimeNamed(to)}`;
}

export function NoteNowDialog() {
  const { open, from, to, opening } = useSnapshot(noteNow);
  const { client } = useTelemetry();
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setValues({ ...EMPTY, text: noteNow.text });
    setProblem(null);
  }, [opening]);
  const close = () => (noteNow.open = false);
  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      const result = await client.api.addNote({
        from: from ?? "now",
        to,
        text: values.text,
        tags: tagsFromText(values.tags),
        colour: values.colour,
        window: windowIdentity.name,
      });
      if (result.ok) close();
      else setProblem(result.message);
    } catch {
      setProblem("The telemetry core did not answer; try again.");
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog isOpen={open} onClose={close} title={dialogTitle(from, to)} icon="annotation">
      <DialogBody>
        <NoteFields
          values={values}
          onChange={setValues}
          onSubmit={() => void save()}
          idPrefix="note-now"
        />
        {problem && (
          <Callout intent="danger" role="alert">
            {problem}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={close} />
            <Button
              intent="primary"
              text="Save note"
              loading={saving}
              onClick={() => void save()}
            />
          </>
        }
      />
    </Dialog>
  );
}
