// The newest recorded packet of a session, by field path: what a DEMO car
// that goes on after a restart takes up from (sources/demo/carResume.ts).
import type { SessionInfo } from "../../contract/sessions";
import type { SessionStore } from "../../shared/storage/SessionDb";
import { NUMERIC_FIELDS, STRING_FIELDS } from "../schema/fields";
import type { ColumnLayout } from "../pipeline/columnLayout";
import { historyRing } from "../store/storeLayout";
import type { ColumnRing } from "../history/ColumnRing";
import { checkStoredRows } from "./storedRows";

/** A recorded packet's values by field path (NaN, "": no such field). */
export interface RecordedRow {
  number(path: string): number;
  string(path: string): string;
}

/** The session's newest stored packet, once it passed the checks restored rows pass; null if none did. */
export async function newestRow(
  db: SessionStore,
  session: SessionInfo,
  layout: ColumnLayout,
  check: ColumnRing,
): Promise<RecordedRow | null> {
  const { rows } = checkStoredRows(check, await db.readNewestRows(session, 1));
  const count = rows.reduce((sum, r) => sum + r.count, 0);
  if (count === 0) return null;
  const ring = historyRing(count, layout);
  for (const slice of rows) ring.appendRows(slice);
  const last = ring.length - 1;
  return {
    number: (path) => {
      const field = NUMERIC_FIELDS.indexOf(path);
      return field < 0 ? Number.NaN : ring.number(last, field);
    },
    string: (path) => {
      const field = STRING_FIELDS.indexOf(path);
      return field < 0 ? "" : ring.stringAtSlot(ring.physical(last), field);
    },
  };
}
