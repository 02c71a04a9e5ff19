// The math channels dialog (issue 37): the channels in force, listed with their
// value now; add, edit, duplicate and delete with validation as the user types;
// import and export as JSON. Every change goes to the worker whole
// (setMathChannels), which takes it or refuses it with its reasons; what it
// takes is saved in the browser (actions/mathChannelsActions.ts).
import {
  Alert,
  Button,
  Callout,
  Dialog,
  DialogBody,
  ProgressBar,
  Spinner,
} from "@blueprintjs/core";
import { useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import type { MathChannelDef, MathChannelsResult } from "../../../workers/contract/math";
import { applyMathChannels, refusalText } from "../../actions/mathChannelsActions";
import { NO_ANSWER_TEXT } from "../../actions/sharedSetting";
import { closeMathChannels, mathChannelsDialog } from "../../state/mathChannelsDialog";
import { sharedSettingsRevision } from "../../state/sharedSettingsRevision";
import { downloadBlob } from "../../ui/downloadBlob";
import { useLiveStatusPart, useTelemetry } from "../../worker-client/hooks";
import { ChannelEditor } from "./ChannelEditor";
import { ChannelList } from "./ChannelList";
import { channelToForm, duplicateChannel, emptyChannelForm, type ChannelForm } from "./channelForm";
import { recomputeText } from "../../ui/format/mathFormat";
import "./mathChannels.css";
import { JsonFileButtons } from "../../ui/JsonFileButtons";

type Editing = { index: number | null; form: ChannelForm; key: number } | null;

/** What the last import, delete or refusal did, shown above the list. */
type Outcome = { ok: boolean; text: string } | null;

let editorKey = 0;

/** A refusal's reasons as lines: the message, then each channel's problems. */
function refusalLines(result: Extract<MathChannelsResult, { ok: false }>): string[] {
  return [
    result.message,
    ...Object.entries(result.problems).flatMap(([name, problems]) =>
      problems.map((problem) => `${name}: ${problem.message}`),
    ),
  ];
}

export function MathChannelsDialog() {
  const { open, opening } = useSnapshot(mathChannelsDialog);
  const { client } = useTelemetry();
  const progress = useLiveStatusPart("math")?.recompute ?? null;
  const recomputeWords = recomputeText(progress);
  const recompute =
    progress && recomputeWords
      ? { text: recomputeWords, fraction: progress.total > 0 ? progress.done / progress.total : 0 }
      : null;
  const [channels, setChannels] = useState<MathChannelDef[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  // Each opening reads the channels in force afresh.
  useEffect(() => {
    if (!open) return;
    let live = true;
    setOutcome(null);
    setEditing(null);
    client.api.mathChannels().then(
      (inForce) => {
        if (!live) return;
        setChannels(inForce);
        const target = mathChannelsDialog.target;
        if (target.kind === "new")
          setEditing({ index: null, form: emptyChannelForm(), key: ++editorKey });
        if (target.kind === "edit") {
          const index = inForce.findIndex((channel) => channel.name === target.name);
          if (index >= 0)
            setEditing({ index, form: channelToForm(inForce[index]!), key: ++editorKey });
        }
      },
      () => live && setOutcome({ ok: false, text: NO_ANSWER_TEXT }),
    );
    return () => {
      live = false;
    };
  }, [open, opening, client]);

  // Another window changed the channels: the list shows the core's, so a
  // save here never writes back the older list; a channel being edited keeps
  // its place by name (deleted there: saving adds it again).
  const { mathChannels: channelsRevision } = useSnapshot(sharedSettingsRevision);
  const shown = useRef(channels);
  shown.current = channels;
  useEffect(() => {
    if (channelsRevision === 0 || !mathChannelsDialog.open) return;
    let live = true;
    const before = shown.current ?? [];
    client.api.mathChannels().then(
      (inForce) => {
        if (!live) return;
        setChannels(inForce);
        setEditing((current) => {
          if (current?.index === null || current?.index === undefined) return current;
          const name = before[current.index]?.name;
          const index = inForce.findIndex((channel) => channel.name === name);
          return { ...current, index: index >= 0 ? index : null };
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [channelsRevision, client]);

  const apply = async (next: MathChannelDef[]) => {
    const result = await applyMathChannels(client, next);
    if (result.ok) setChannels(result.channels);
    return result;
  };

  const saveChannel = async (channel: MathChannelDef): Promise<string[] | null> => {
    const next = [...channels!];
    if (editing?.index === null || editing?.index === undefined) next.push(channel);
    else next[editing.index] = channel;
    const result = await apply(next);
    if (!result.ok) return refusalLines(result);
    setEditing(null);
    setOutcome({ ok: true, text: `Saved ${channel.label ?? channel.name}.` });
    return null;
  };

  const remove = async (index: number) => {
    setDeleting(null);
    const gone = channels![index]!;
    const result = await apply(channels!.filter((_, i) => i !== index));
    if (result.ok) {
      setEditing(null);
      setOutcome({ ok: true, text: `Deleted ${gone.label ?? gone.name}.` });
    } else setOutcome({ ok: false, text: `Not deleted: ${refusalText(result)}` });
  };

  const exportChannels = async () => {
    const text = await client.api.mathChannelsJson();
    downloadBlob(new Blob([text], { type: "application/json" }), "helios-math-channels.json");
  };

  const importChannels = async (chosen: File) => {
    const file = await client.api.parseMathChannelsJson(await chosen.text());
    if (!file.ok) {
      setOutcome({
        ok: false,
        text: `${chosen.name} was refused; the channels did not change: ${file.message}`,
      });
      return;
    }
    const result = await apply(file.channels);
    setOutcome(
      result.ok
        ? { ok: true, text: `Imported ${result.channels.length} channels from ${chosen.name}.` }
        : {
            ok: false,
            text: `${chosen.name} was refused; the channels did not change: ${refusalText(result)}`,
          },
    );
  };

  const deletingChannel = deleting === null ? null : channels?.[deleting];
  return (
    <Dialog
      isOpen={open}
      onClose={closeMathChannels}
      title="Math channels"
      icon="function"
      className="helios-math-dialog"
    >
      <DialogBody>
        {recompute && (
          <Callout compact intent="primary" icon="refresh" data-testid="math-recompute">
            {recompute.text}
            <ProgressBar value={recompute.fraction} intent="primary" stripes={false} />
          </Callout>
        )}
        {!channels ? (
          <Spinner size={32} />
        ) : editing ? (
          <ChannelEditor
            key={editing.key}
            initial={editing.form}
            replacing={editing.index === null ? null : channels[editing.index]!.name}
            onSave={saveChannel}
            onDelete={editing.index === null ? null : () => setDeleting(editing.index)}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <>
            <div className="helios-row helios-rule-toolbar">
              <Button
                icon="add"
                intent="primary"
                text="Add channel"
                data-testid="math-add"
                onClick={() =>
                  setEditing({ index: null, form: emptyChannelForm(), key: ++editorKey })
                }
              />
              <JsonFileButtons
                onExport={() => void exportChannels()}
                onImport={(file) => void importChannels(file)}
                testId="math"
              />
            </div>
            {outcome && (
              <Callout
                intent={outcome.ok ? "success" : "danger"}
                compact
                data-testid="math-file-result"
              >
                {outcome.text}
              </Callout>
            )}
            <ChannelList
              channels={channels}
              onEdit={(index) =>
                setEditing({ index, form: channelToForm(channels[index]!), key: ++editorKey })
              }
              onDuplicate={(index) =>
                setEditing({
                  index: null,
                  form: channelToForm(duplicateChannel(channels[index]!, channels)),
                  key: ++editorKey,
                })
              }
              onDelete={setDeleting}
            />
          </>
        )}
      </DialogBody>
      <Alert
        isOpen={deletingChannel != null}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Keep it"
        onConfirm={() => deleting !== null && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        Delete {deletingChannel?.label ?? deletingChannel?.name}? Plots, tiles and rules that show
        it lose it (export the channels first to keep a copy).
      </Alert>
    </Dialog>
  );
}
