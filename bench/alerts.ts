// Alerts benchmark (issue 34): ingest from the wire's JSON text, fed as
// bench:ingest feeds it (bench/ingestFeed.ts), with the team's default rules
// plus 50 threshold rules, against the same ingest without rules, in the same
// run (interleaved). Budget: ≥ 0.9× the rate without rules. Prints a table
// and the RESULT line.
//
// bench:ingest's packets draw every flag at random, so between two packets
// some 40 fault and warning flags rise or fall: 40 alerts starting or ending
// per packet, which no car does. The budget is measured on a race: the same
// packets with the fault, warning and motor flag fields held as in the first
// (every other value still changes per packet). The storm is measured too,
// and shown beside it. Then, in Chromium at 10 packets/s, the time from a
// packet's arrival to the status bar and a toast showing its alert
// (bench/alertsScreen.ts); BENCH_NO_BROWSER=1 skips it (printed as NaN).
import { EVERY_S, measureAlertToScreen, type AlertToScreen } from "./alertsScreen";
import { coresText } from "./benchMachine";
import { measurePps, median, perSecond, VARIANTS, wireTexts } from "./ingestFeed";
import { writeResultsSection } from "./resultsFile";
import type { AlertRule } from "../workers/contract/alerts";
import { alertsStage } from "../workers/telemetry/alerts/alertsStage";
import { setRules } from "../workers/telemetry/alerts/ruleChange";
import { defaultRules } from "../workers/telemetry/alerts/defaults";
import { alertRulesFile as rulesFile } from "../workers/shared/alertRulesFile";
import { checkRulesFile } from "../workers/telemetry/alerts/checkRules";
import { mathStage } from "../workers/telemetry/math/mathStage";
import type { Stage } from "../workers/telemetry/pipeline/Stage";
import { NUMERIC_FIELDS } from "../workers/telemetry/schema/fields";
import { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import { LAYOUT } from "../workers/telemetry/features";

const RUNS = 11;
const RUN_MS = 1000;
const THRESHOLD_RULES = 50;

const texts = wireTexts();
const raceTexts = texts.map(steadyFlags);
const packetBytes = Math.round(texts.reduce((sum, t) => sum + t.length, 0) / VARIANTS);

/**
 * 50 threshold rules on 50 numeric fields, spread over the packet, shaped as
 * a team writes them (above, below, a band; a minimum duration; a clear
 * level), with limits past what the packets carry: a race without alerts is
 * the common case, and a start or end is the only time a rule allocates.
 */
function thresholdRules(): AlertRule[] {
  const seen = new Map<string, { min: number; max: number }>();
  for (const text of texts) {
    const flat = flatten(JSON.parse(text) as Record<string, unknown>);
    for (const [path, v] of flat) {
      const range = seen.get(path) ?? { min: Infinity, max: -Infinity };
      seen.set(path, { min: Math.min(range.min, v), max: Math.max(range.max, v) });
    }
  }
  const fields = NUMERIC_FIELDS.filter((f) => f !== "TimeStamp" && seen.has(f));
  const step = Math.floor(fields.length / THRESHOLD_RULES);
  return Array.from({ length: THRESHOLD_RULES }, (_, i): AlertRule => {
    const subject = fields[i * step]!;
    const { min, max } = seen.get(subject)!;
    const span = Math.max(1, max - min);
    const kind = i % 3;
    const condition: AlertRule["condition"] =
      kind === 0
        ? { kind: "above", limit: max + span }
        : kind === 1
          ? { kind: "below", limit: min - span }
          : { kind: "outside", lo: min - span, hi: max + span };
    return {
      id: `bench-${i}`,
      subject,
      condition,
      forSeconds: i % 2,
      ...(kind === 0 ? { clear: max + span / 2 } : kind === 1 ? { clear: min - span / 2 } : {}),
      severity: "warning",
      message: "{label} {value} {unit}",
      enabled: true,
    };
  });
}

/** A packet with its fault, warning and motor flag fields as in the first variant. */
function steadyFlags(text: string): string {
  const first = JSON.parse(texts[0]!) as Record<string, Record<string, unknown>>;
  const packet = JSON.parse(text) as Record<string, Record<string, unknown>>;
  for (const group of ["BatteryFaults", "Contactor", "MBMS"]) packet[group] = first[group]!;
  for (const motor of ["MotorDetails0", "MotorDetails1"])
    for (const key of ["ErrorFlags", "LimitFlags"]) packet[motor]![key] = first[motor]![key];
  return JSON.stringify(packet);
}

function flatten(obj: Record<string, unknown>, prefix = "", out = new Map<string, number>()) {
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix + key;
    if (typeof value === "number") out.set(path, value);
    else if (value && typeof value === "object")
      flatten(value as Record<string, unknown>, `${path}.`, out);
  }
  return out;
}

const rules = [...defaultRules(), ...thresholdRules()];
const checked = checkRulesFile(rulesFile(rules), LAYOUT);
if (!checked.ok) throw new Error(`bench rules refused: ${checked.errors.join("; ")}`);
const enabledRules = rules.filter((r) => r.enabled).length;

let alertEvents = 0;
const withRules = new TelemetryStore({ layout: LAYOUT, onStageEvent: () => void alertEvents++ });
setRules(withRules.pipeline.state(alertsStage)!, rules, () => {});
// The alerts stage with no rules: what the stage costs by itself.
const emptyRules = new TelemetryStore({ layout: LAYOUT });
setRules(emptyRules.pipeline.state(alertsStage)!, [], () => {});
// No alerts stage at all: ingest as it was before alerts (derived power only).
const noRules = new TelemetryStore({ layout: LAYOUT, stages: [mathStage as Stage] });

let sink = 0;
const parseOnly = (text: string): void => {
  sink += (JSON.parse(text) as { TimeStamp: number }).TimeStamp;
};
const ingestInto = (target: TelemetryStore) => (text: string) => {
  if (!target.ingest(JSON.parse(text), "NETWORK")) throw new Error("bench packet rejected");
};
let stormEvents = 0;
const stormRules = new TelemetryStore({ layout: LAYOUT, onStageEvent: () => void stormEvents++ });
setRules(stormRules.pipeline.state(alertsStage)!, rules, () => {});
const variants = {
  parse: { feed: texts, step: parseOnly },
  none: { feed: raceTexts, step: ingestInto(noRules) },
  empty: { feed: raceTexts, step: ingestInto(emptyRules) },
  rules: { feed: raceTexts, step: ingestInto(withRules) },
  storm: { feed: texts, step: ingestInto(stormRules) },
};
type Variant = keyof typeof variants;

for (let i = 0; i < 3000; i++)
  for (const { feed, step } of Object.values(variants)) step(feed[i % VARIANTS] as string);
const warmEvents = alertEvents;
const warmStorm = stormEvents;

// Interleaved, so a machine that slows down mid-run slows every variant alike.
const runs: Record<Variant, number[]> = { parse: [], none: [], empty: [], rules: [], storm: [] };
const stormPackets: number[] = [];
for (let r = 0; r < RUNS; r++)
  for (const name of Object.keys(variants) as Variant[]) {
    const before = stormRules.acceptedCount;
    runs[name].push(measurePps(variants[name].feed, variants[name].step, RUN_MS));
    if (name === "storm") stormPackets.push(stormRules.acceptedCount - before);
  }
const stormPerPacket = (stormEvents - warmStorm) / stormPackets.reduce((sum, n) => sum + n, 0);

const screen: AlertToScreen | null = process.env.BENCH_NO_BROWSER
  ? null
  : await measureAlertToScreen();
const screenP95 = screen ? screen.p95 : NaN;
const screenText = screen
  ? `${screen.p95.toFixed(0)} ms (median ${screen.p50.toFixed(0)} ms; ${screen.latencies.length} alerts${screen.missed ? `, ${screen.missed} not shown within 5 s` : ""})`
  : "not measured (BENCH_NO_BROWSER)";

const pps = (name: Variant) => median(runs[name]);
const ratio = pps("rules") / pps("none");
const pairRatio = median(runs.rules.map((r, i) => r / runs.none[i]!));
// Per run, then the median: each run's pair was measured side by side.
const perRuleNs = median(runs.rules.map((r, i) => (1e9 / r - 1e9 / runs.none[i]!) / enabledRules));
const machine = `${coresText()}, Node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
const table = [
  `| measure | value | target |`,
  `|---|---|---|`,
  `| packet size (JSON) | ${packetBytes} B | |`,
  `| JSON.parse only (this machine's rate) | ${perSecond(pps("parse"))} | |`,
  `| ingest, no alerts stage (no rules) | ${perSecond(pps("none"))} | |`,
  `| ingest, alerts stage with no rules | ${perSecond(pps("empty"))} | |`,
  `| ingest, ${defaultRules().length} default + ${THRESHOLD_RULES} threshold rules (${enabledRules} enabled) | ${perSecond(pps("rules"))} | |`,
  `| ratio with rules / no rules (of the medians) | ${ratio.toFixed(3)} | ≥ 0.9 |`,
  `| ratio with rules / no rules (median of each run's side-by-side pair) | ${pairRatio.toFixed(3)} | |`,
  `| cost per enabled rule (median of runs) | ${perRuleNs.toFixed(1)} ns/packet | ~20 |`,
  `| alert starts and ends while timed (a race: none expected) | ${alertEvents - warmEvents} | |`,
  `| storm: bench:ingest's packets as they are, same rules | ${perSecond(pps("storm"))} (ratio ${(pps("storm") / pps("none")).toFixed(3)}) | |`,
  `| storm: alert starts and ends per packet | ${stormPerPacket.toFixed(1)} | |`,
  `| alert to screen, p95 (Chromium, 10 packets/s, an alert every ${EVERY_S} s) | ${screenText} | ≤ 150 ms |`,
  `| runs | ${RUNS} × ~${RUN_MS} ms each, interleaved, median | |`,
  `| machine | ${machine} | |`,
  `| date | ${date} | |`,
].join("\n");
const heading = "## Alerts (npm run bench:alerts)";
console.log(`${heading}\n\n${table}\n`);
console.log(
  (Object.keys(runs) as Variant[])
    .map((name) => `${name} runs: ${runs[name].map(Math.round).join(", ")}`)
    .join("\n"),
);
if (sink === 42) console.log("");
const result = `RESULT alert_rules=${enabledRules} ingest_pps_rules=${Math.round(pps("rules"))} ingest_pps_no_rules=${Math.round(pps("none"))} alert_to_screen_p95_ms=${Number.isFinite(screenP95) ? Math.round(screenP95) : "NaN"}`;
await writeResultsSection(
  heading,
  [
    `Measured ${date} on ${machine}. Ingest from the wire's JSON text (JSON.parse + TelemetryStore.ingest, as bench:ingest feeds it) with the team's default rules plus ${THRESHOLD_RULES} threshold rules, against ingest without the alerts stage, in the same runs. A race: bench:ingest's packets with their fault, warning and motor flag fields held as in the first packet. A storm: its packets as they are, every flag drawn at random per packet.`,
    "",
    table,
  ],
  result,
);
console.log(result);
