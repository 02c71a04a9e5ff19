// The CSV dialog: export as CSV or Parquet (navbar "Export CSV", key e, a plot, the Laps tab)
// and import (here too, or alone from the Sessions view). The worker writes and reads the files; this only shows choices
// and progress, gathers the chunks into a Blob (or a file) and sends files.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  ProgressBar,
} from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { CsvImportReport } from "../../../workers/contract/csv";
import { formatMegabytes } from "../../../workers/shared/megabytes";
import { formatCount } from "../../ui/format/formatNumber";
import { useFieldCatalog } from "../../ui/useFieldCatalog";
import { appState } from "../../state/appState";
import { favouriteField } from "../../state/favourites";
import { lapsState } from "../../state/lapsState";
import { useTelemetry } from "../../worker-client/hooks";
import { csvDialog, type ExportPreset } from "../../state/csvDialog";
import { downloadBlob } from "../../ui/downloadBlob";
import { pullChunks, saveFilePicker } from "./download";
import { ExportChoicesForm } from "./ExportChoicesForm";
import { buildRequest, DEFAULT_CHOICES, type ExportChoices } from "./exportRequest";
import { ImportResult } from "./ImportResult";
import "./csv.css";

/** The download's type and the save picker's filter, per format. */
const FILE_TYPES = {
  csv: { mime: "text/csv", description: "CSV", extension: ".csv" },
  parquet: {
    mime: "application/vnd.apache.parquet",
    description: "Parquet",
    extension: ".parquet",
  },
} as const;

type Job = { kind: "export" | "import"; done: number; total: number; unit: "rows" | "bytes" };

/** A window the user zoomed to is what they look at: it is the range chosen first. */
function choicesFor(preset: ExportPreset): ExportChoices {
  if (preset.kind === "plot")
    return { ...DEFAULT_CHOICES, fields: "plot", range: preset.window ? "window" : "all" };
  if (preset.kind === "telemetry" && preset.window) return { ...DEFAULT_CHOICES, range: "window" };
  return DEFAULT_CHOICES;
}

/** The plots' visible window the dialog was opened with, if any (a plot's, or the zoomed plots'). */
function presetWindow(preset: {
  readonly kind: ExportPreset["kind"];
  readonly window?: { readonly from: number; readonly to: number } | null;
}): { from: number; to: number } | null {
  return preset.window ? { from: preset.window.from, to: preset.window.to } : null;
}

function progressText(job: Job): string {
  if (job.unit === "rows") return `${formatCount(job.done)} of ${formatCount(job.total)} rows`;
  return `${formatMegabytes(job.done)} of ${formatMegabytes(job.total)} read`;
}

export function CsvDialog() {
  const { opening } = useSnapshot(csvDialog);
  return <CsvDialogForOpening key={opening} />;
}

function CsvDialogForOpening() {
  const { open, preset } = useSnapshot(csvDialog);
  const { client } = useTelemetry();
  const app = useSnapshot(appState);
  const { laps } = useSnapshot(lapsState);
  const catalog = useFieldCatalog() ?? [];
  const [choices, setChoices] = useState<ExportChoices>(() => choicesFor(csvDialog.preset));
  const [job, setJob] = useState<Job | null>(null);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [report, setReport] = useState<CsvImportReport | null>(null);

  // Import progress is state in the worker: poll it while an import runs.
  useEffect(() => {
    if (job?.kind !== "import") return;
    const timer = setInterval(() => {
      void client.api.csvProgress().then(
        (p) => {
          if (p.kind === "import")
            setJob({ kind: "import", done: p.done, total: p.total, unit: "bytes" });
        },
        () => undefined,
      );
    }, 150);
    return () => clearInterval(timer);
  }, [job?.kind, client]);

  const busy = job !== null;
  const close = () => {
    if (!busy) csvDialog.open = false;
  };

  const exportLaps = async () => {
    const text = await client.api.lapsCsv();
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d+Z$/, "Z");
    downloadBlob(new Blob([text], { type: "text/csv" }), `helios-laps-${stamp}.csv`);
    setMessage({ text: `Exported ${laps.length} laps.`, ok: true });
  };

  /** The range's notes beside the data, when there are any; the words the message adds. */
  const saveNotes = async (
    request: { from: number | null; to: number | null },
    dataFile: string,
  ): Promise<string> => {
    const format = choices.format === "parquet" ? "parquet" : "csv";
    const file = await client.api.exportNotes(
      format,
      { from: request.from, to: request.to },
      dataFile,
    );
    if (file.count === 0) return "";
    downloadBlob(new Blob([file.data as BlobPart], { type: file.mime }), file.fileName);
    return `, and ${formatCount(file.count)} ${file.count === 1 ? "note" : "notes"} to ${file.fileName}`;
  };

  const exportTelemetry = async (toFile: boolean) => {
    setMessage(null);
    const request = buildRequest(choices, {
      units: app.appUnits,
      favourites: app.favourites.map((name) => favouriteField(name).path),
      plotFields: preset.kind === "plot" ? [...preset.fields] : [],
      window: presetWindow(preset),
      laps: laps as typeof lapsState.laps,
    });
    const fileType = FILE_TYPES[choices.format];
    const start = await client.api.startCsvExport(request);
    if (!start.ok) return setMessage({ text: start.message, ok: false });
    setJob({ kind: "export", done: 0, total: start.rows, unit: "rows" });
    try {
      let finished: boolean;
      if (toFile) {
        const picker = saveFilePicker()!;
        const handle = await picker({
          suggestedName: start.fileName,
          types: [
            {
              description: fileType.description,
              accept: { [fileType.mime]: [fileType.extension] },
            },
          ],
        });
        const writable = await handle.createWritable();
        const writer = writable.getWriter();
        finished = await pullChunks(
          client.api,
          (data) => writer.write(data),
          (done, total) => setJob({ kind: "export", done, total, unit: "rows" }),
        );
        await writer.close();
      } else {
        // The Blob grows by one chunk at a time, joined by reference: one new
        // Blob of the whole file at the end copied it all in one main-thread
        // task (over 200 ms for 35 MB).
        let blob = new Blob([], { type: fileType.mime });
        finished = await pullChunks(
          client.api,
          (data) => void (blob = new Blob([blob, data], { type: fileType.mime })),
          (done, total) => setJob({ kind: "export", done, total, unit: "rows" }),
        );
        if (finished) downloadBlob(blob, start.fileName);
      }
      const notes = finished && choices.notes ? await saveNotes(request, start.fileName) : "";
      setMessage(
        finished
          ? {
              text: `Exported ${formatCount(start.rows)} rows × ${start.columns} columns to ${start.fileName}${notes}.`,
              ok: true,
            }
          : { text: "Export cancelled.", ok: false },
      );
    } catch (error) {
      void client.api.cancelCsv();
      const aborted = error instanceof DOMException && error.name === "AbortError";
      setMessage({
        text: aborted ? "Export cancelled." : `Export failed: ${String(error)}`,
        ok: false,
      });
    } finally {
      setJob(null);
    }
  };

  const importFile = async (file: File) => {
    setMessage(null);
    setReport(null);
    setJob({ kind: "import", done: 0, total: file.size, unit: "bytes" });
    try {
      setReport(await client.api.importCsv(file, file.name));
    } catch (error) {
      setMessage({ text: `Import failed: ${String(error)}`, ok: false });
    } finally {
      setJob(null);
    }
  };

  const laps_ = preset.kind === "laps";
  const importOnly = preset.kind === "import";
  return (
    <Dialog
      isOpen={open}
      onClose={close}
      title={laps_ ? "Export CSV: lap table" : importOnly ? "Import CSV" : "Export CSV or Parquet"}
      icon="export"
      className="csv-dialog"
    >
      <DialogBody>
        {laps_ ? (
          <p>
            The lap table as shown ({laps.length} laps), one row per lap, nested values as dotted
            columns.
          </p>
        ) : importOnly ? (
          <p>
            The file becomes the viewed history, marked as imported, and replays like a session.
          </p>
        ) : (
          <ExportChoicesForm
            choices={choices}
            onChange={(patch) => setChoices((c) => ({ ...c, ...patch }))}
            catalog={catalog}
            plotFieldCount={preset.kind === "plot" ? preset.fields.length : null}
            window={presetWindow(preset)}
            windowLabel={preset.kind === "plot" ? preset.windowLabel : undefined}
            laps={laps as typeof lapsState.laps}
            unitsLabel={app.appUnits}
            disabled={busy}
          />
        )}
        {job && (
          <div className="csv-progress" data-testid="csv-progress">
            <ProgressBar
              intent="primary"
              value={job.total > 0 ? job.done / job.total : undefined}
              stripes={job.total === 0}
            />
            <span>{progressText(job)}</span>
          </div>
        )}
        {message && (
          <Callout intent={message.ok ? "success" : "warning"} data-testid="csv-message">
            {message.text}
          </Callout>
        )}
        {report && <ImportResult report={report} />}
        {!laps_ && (
          <div className="csv-import">
            <FileInput
              text="Import CSV…"
              buttonText="Browse"
              disabled={busy}
              inputProps={{ accept: ".csv,text/csv", "data-testid": "csv-import-input" } as object}
              onInputChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = "";
                if (file) void importFile(file);
              }}
            />
            <span className="csv-import-hint">
              An export of every field, from Helios or its reference tool.
            </span>
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {busy && <Button text="Cancel" onClick={() => void client.api.cancelCsv()} />}
            {!busy && <Button text="Close" onClick={close} />}
            {!laps_ && !importOnly && saveFilePicker() && (
              <Button
                text="Save to file…"
                disabled={busy}
                onClick={() => void exportTelemetry(true)}
              />
            )}
            {!importOnly && (
              <Button
                intent="primary"
                text="Export"
                data-testid="csv-export"
                disabled={busy}
                onClick={() => void (laps_ ? exportLaps() : exportTelemetry(false))}
              />
            )}
          </>
        }
      />
    </Dialog>
  );
}
