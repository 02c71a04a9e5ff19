// The alerts' session events (Feature.events) and their schemas: "alert", a
// start or an end as the alerts stage emits it (workers/contract/alerts.ts
// AlertEventPayload), and "alertAck", the alerts the user acknowledged, each
// by rule and start. A restore or a replay reads them back through these
// schemas (pipeline/declaredEvents.ts): a damaged or foreign one is dropped.
// Fields beyond these are kept as stored, as they always were.
import { z } from "zod";
import { kindsOf } from "../pipeline/declaredEvents";

/** Any number, NaN and infinities included (z.number() takes finite ones only). */
const anyNumber = z.custom<number>((value) => typeof value === "number");
const finite = z.number();

/** An alert's start or end as this build stores it. */
export const alertEventSchema = z
  .looseObject({
    phase: z.enum(["start", "end"]),
    ruleId: z.string(),
    subject: z.string(),
    label: z.string(),
    unit: z.string(),
    template: z.string(),
    severity: z.enum(["info", "warning", "critical"]),
    // The value, peak and limit may be NaN (no limit, an unknown value): numbers all the same.
    value: anyNumber,
    peak: anyNumber,
    limit: anyNumber,
    mask: anyNumber,
    start: finite,
    /** null on a start, when it ended on an end. */
    end: finite.nullable(),
    bitNames: z.array(z.string()).nullable(),
  })
  .refine((alert) => (alert.phase === "start") === (alert.end === null));

/** An acknowledgement: the alerts it names, each by rule and start. */
export const alertAckEventSchema = z.looseObject({
  alerts: z.array(z.looseObject({ ruleId: z.string(), start: finite })),
});

/** The alerts' session event kinds: what the stage emits and the user acknowledges. */
export const ALERT_EVENTS = { alert: alertEventSchema, alertAck: alertAckEventSchema };

/** The kinds an alert log is rebuilt from (a restore, a replay). */
export const ALERT_EVENT_KINDS = kindsOf(ALERT_EVENTS);
