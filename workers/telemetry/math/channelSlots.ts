// Where math channels live in a history: MAX_CHANNELS numeric columns after
// the packet's, one per channel slot, lazily allocated by the ring
// (history/ColumnRing.ts) so an unused slot costs nothing. A slot's internal
// path never reaches the UI: the registry names it after its channel.
import type { FieldInfo } from "../../contract/fields";
import { NUMERIC_FIELDS } from "../schema/fields";

/** How many channels a user may define at once. */
export const MAX_CHANNELS = 32;

/** Stored numeric index of slot 0: the slots follow the packet's numeric fields. */
export const FIRST_SLOT_FIELD = NUMERIC_FIELDS.length;

/** The slots as stage columns (internal paths "Math#0" …). */
export const SLOT_COLUMNS: readonly FieldInfo[] = Array.from({ length: MAX_CHANNELS }, (_, k) => ({
  path: `Math#${k}`,
  type: "number",
  group: "Math",
  label: `Math slot ${k}`,
  unit: "",
}));

export const slotField = (slot: number): number => FIRST_SLOT_FIELD + slot;
