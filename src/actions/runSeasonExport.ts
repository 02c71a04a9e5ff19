// Runs a season's export from the Sessions tab: a folder where the browser
// lets the user pick one, else a zip; pieces pulled from the worker one at a
// time (at most one in flight), each written before the next is asked for.
import type { Remote } from "comlink";
import type { TelemetryApi } from "../../workers/contract/telemetryApi";
import type { SessionInfo } from "../../workers/contract/sessions";
import { downloadBlob } from "../ui/downloadBlob";
import { seasonDoneText, seasonFullText } from "../ui/format/seasonFormat";
import { seasonExport, seasonSignal } from "../state/seasonExport";
import { folderSink, zipSink, type FolderHandle, type TrackedSink } from "./seasonSinks";

type DirectoryPicker = (options: { mode: "readwrite"; id?: string }) => Promise<FolderHandle>;

function directoryPicker(): DirectoryPicker | null {
  const picker = (window as Window & { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker;
  return typeof picker === "function" ? picker.bind(window) : null;
}

/** "helios-season-20261118T150000Z": a new folder (or zip) per export, never mixed with an old one. */
const datasetName = (now: Date) =>
  `helios-season-${now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}`;

const isQuota = (error: unknown) =>
  error instanceof DOMException && error.name === "QuotaExceededError";

/** Exports `sessions` (their `date=` partitions in `zone`); the outcome lands in seasonExport. */
export async function runSeasonExport(
  api: Remote<TelemetryApi>,
  sessions: readonly SessionInfo[],
  zone: string | null,
): Promise<void> {
  if (seasonExport.running || sessions.length === 0) return;
  const name = datasetName(new Date());
  const picker = directoryPicker();
  let sink: TrackedSink;
  let where: string;
  let parent: FolderHandle | null = null;
  try {
    // Asked first: the picker needs the click's user activation.
    if (picker) {
      parent = await picker({ mode: "readwrite", id: "helios-season" });
      sink = folderSink(await parent.getDirectoryHandle(name, { create: true }));
      where = `${parent.name}/${name}`;
    } else {
      sink = zipSink((zip) => downloadBlob(zip, `${name}.zip`));
      where = `${name}.zip`;
    }
  } catch {
    return; // the picker was dismissed: nothing started
  }
  const signal = seasonSignal();
  Object.assign(seasonExport, { running: true, done: 0, total: 0, outcome: null });
  const whole: string[] = [];
  let current: string | null = null;
  try {
    const start = await api.startSeasonExport({ sessionIds: sessions.map((s) => s.id), zone });
    if (!start.ok) throw new Error(start.message);
    seasonExport.total = start.rows;
    for (;;) {
      signal.throwIfAborted();
      const chunk = await api.nextSeasonChunk();
      if (!chunk) throw new DOMException("Export cancelled.", "AbortError");
      if (chunk.sessionName !== current && current !== null) whole.push(current);
      current = chunk.done ? null : chunk.sessionName;
      if (chunk.path) await sink.write(chunk.path, chunk.data, chunk.last);
      Object.assign(seasonExport, { done: chunk.rowsDone, total: chunk.rowsTotal });
      if (chunk.done) break;
    }
    await sink.close();
    seasonExport.outcome = {
      text: seasonDoneText(start.sessions, seasonExport.done, where),
      ok: true,
    };
  } catch (error) {
    const unfinished = sink.open()[0] ?? null;
    await api.cancelSeasonExport().catch(() => undefined);
    await sink.abort();
    // Nothing whole in it: the dataset's folder goes too, rather than stay empty.
    if (parent && sink.whole.length === 0)
      await parent.removeEntry(name, { recursive: true }).catch(() => undefined);
    seasonExport.outcome = {
      text: signal.aborted
        ? picker
          ? `Season export cancelled: nothing unfinished was left in ${where}.`
          : "Season export cancelled: no zip was saved."
        : isQuota(error)
          ? seasonFullText({
              where,
              whole,
              notWritten: sessions.map((s) => s.name).filter((n) => !whole.includes(n)),
              filesWritten: sink.whole.length,
              unfinished,
            })
          : `Season export failed: ${error instanceof Error ? error.message : String(error)}`,
      ok: false,
    };
  } finally {
    seasonExport.running = false;
  }
}
