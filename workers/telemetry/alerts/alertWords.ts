// An alert's words, written when someone reads the log rather than on the
// packet that raised it: the names of its bits and its message, in metric
// units (the UI writes the message again in the user's units, with
// workers/shared/alertText.ts).
import { alertText } from "../../shared/alertText";
import { bitFieldText } from "../../shared/motorFlags";
import type { AlertEventPayload } from "./alertsStage";
import { masked } from "./alertsState";

type Words = Pick<
  AlertEventPayload,
  "label" | "unit" | "value" | "peak" | "limit" | "template" | "bitNames" | "mask"
>;

/**
 * `bits`: the watched bits set when it started, or over its whole span once
 * ended (a bit-field rule's peak gathers every bit seen). The message shows
 * the value it started with while active, the peak once ended.
 */
export function alertWords(p: Words, ended: boolean): { bits: string; message: string } {
  const value = ended ? p.peak : p.value;
  const bits = p.bitNames ? bitFieldText(masked(value, p.mask), p.bitNames) : "";
  const message = alertText(
    p.template,
    { label: p.label, unit: p.unit, value, limit: p.limit, bits },
    "metric",
  );
  return { bits, message };
}
