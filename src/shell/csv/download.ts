// Pulls the worker's export chunk by chunk (each a Blob the worker made, so
// the main thread neither does per-row work nor copies the bytes) and hands
// them to a Blob download or, where the File System Access API exists,
// streams them to the chosen file.
import type { Remote } from "comlink";
import type { TelemetryApi } from "../../../workers/contract/telemetryApi";

type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<WritableStream<Blob>> }>;

export function saveFilePicker(): SaveFilePicker | null {
  const picker = (window as Window & { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  return typeof picker === "function" ? picker.bind(window) : null;
}

/** Pulls every chunk into `write`; false when the export was cancelled. */
export async function pullChunks(
  api: Remote<TelemetryApi>,
  write: (chunk: Blob) => Promise<void> | void,
  onRows: (done: number, total: number) => void,
): Promise<boolean> {
  for (;;) {
    const chunk = await api.nextCsvChunk();
    if (!chunk) return false;
    await write(chunk.data);
    onRows(chunk.rowsDone, chunk.rowsTotal);
    if (chunk.done) return true;
  }
}
