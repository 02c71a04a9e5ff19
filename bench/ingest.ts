// Ingest benchmark: JSON.parse alone (baseline) vs decode + validate + store
// (JSON.parse + TelemetryStore.ingest, with the registered ingest stages) of a
// real-shaped ~9.7 KB packet, and what each stage costs per packet. Prints
// markdown tables and a RESULT line and writes its section of the results
// (bench/resultsFile.ts: bench/latest/ingest.md, or bench/RESULTS.md with --record).
// `--feed race` (the default: flags held, as a car sends them) or `--feed storm`
// (every flag drawn per packet): bench/ingestFeed.ts.
import { coresText } from "./benchMachine";
import { writeResultsSection } from "./resultsFile";
import type { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import { DROP_EVENTS, type Stage } from "../workers/telemetry/pipeline/Stage";
import { feedArg, measurePps, median, perSecond, VARIANTS, wireTexts } from "./ingestFeed";
import { ingestTarget } from "./ingestTarget";

const RUNS = 7;
const RUN_MS = 1000;
const STAGE_RUN_MS = 300;

const feed = feedArg();
const texts = wireTexts(feed);
const packetBytes = Math.round(texts.reduce((sum, t) => sum + t.length, 0) / VARIANTS);

let sink = 0; // keeps results observable so nothing is optimised away

/** Packets per second of `step` over the variants, for about RUN_MS. */
const measure = (step: (text: string) => void): number => measurePps(texts, step, RUN_MS);

// Counts the stages' events: with today's stages, alerts starting or ending.
let stageEvents = 0;
const target = await ingestTarget();
const store = target.store(() => void stageEvents++);
// The same store with its pipeline empty: what the stages cost inside ingest.
const bare = target.bare();
const parseOnly = (text: string): void => {
  sink += (JSON.parse(text) as { TimeStamp: number }).TimeStamp;
};
const ingestInto = (target: TelemetryStore) => (text: string) => {
  if (!target.ingest(JSON.parse(text), "DEMO")) throw new Error("bench packet rejected");
};
const ingest = ingestInto(store);
const ingestBare = ingestInto(bare);

/**
 * One stage's step alone, on the variants' stored rows (its columns cleared
 * first, so it computes them as for a live packet): ns per packet.
 */
function stageNs(stage: Stage): number {
  const rows = Array.from({ length: VARIANTS }, (_, i) => {
    const logical = bare.ring.length - VARIANTS + i;
    const slot = bare.ring.physical(logical);
    const row = Float64Array.from(target.storedNumericFields, (_, f) =>
      bare.ring.number(logical, f),
    );
    const bits = Uint32Array.from({ length: bare.ring.boolWords }, (_, w) =>
      bare.ring.boolWordAtSlot(slot, w),
    );
    return { row, bits };
  });
  const out = stage.columns[0] ? target.columnIndex(stage.columns[0].path)! : 0;
  const width = stage.columns.length;
  const state = target.createState(stage);
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < STAGE_RUN_MS) {
    for (let k = 0; k < 1000; k++) {
      const { row, bits } = rows[(n + k) % VARIANTS]!;
      for (let c = 0; c < width; c++) row[out + c] = NaN;
      stage.step(state, row, bits, out, DROP_EVENTS);
    }
    n += 1000;
    elapsed = performance.now() - start;
  }
  return (elapsed * 1e6) / n;
}

// Warm up every path so the JIT has compiled them before timing.
for (let i = 0; i < 3000; i++) {
  parseOnly(texts[i % VARIANTS] as string);
  ingest(texts[i % VARIANTS] as string);
  ingestBare(texts[i % VARIANTS] as string);
}

const warmEvents = stageEvents;
const warmAccepted = store.acceptedCount;

// Interleaved, so a machine that slows down mid-run slows every variant alike.
const parseRuns: number[] = [];
const ingestRuns: number[] = [];
const bareRuns: number[] = [];
const stageRuns = target.stages.map((): number[] => []);
for (let r = 0; r < RUNS; r++) {
  parseRuns.push(measure(parseOnly));
  ingestRuns.push(measure(ingest));
  bareRuns.push(measure(ingestBare));
  target.stages.forEach((stage, s) => stageRuns[s]!.push(stageNs(stage)));
}
const parsePps = median(parseRuns);
const ingestPps = median(ingestRuns);
const barePps = median(bareRuns);
const ratio = ingestPps / parsePps;
const bytesPerPacket = Math.round(store.bytesPerPacket);
const validateStoreUs = 1e6 / ingestPps - 1e6 / parsePps;
const ingestNs = 1e9 / ingestPps;
// Per run, then the median: the runs' pairs were measured side by side.
const inIngestNs = median(bareRuns.map((bare, r) => 1e9 / ingestRuns[r]! - 1e9 / bare));

const eventsPerPacket = (stageEvents - warmEvents) / (store.acceptedCount - warmAccepted);
const machine = `${coresText()}, Node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
const stageNames = target.stages.map((stage) => stage.name).join(", ");
const table = [
  `| measure (feed: ${feed}${feed === "race" ? ", the default" : ""}) | value | target |`,
  `|---|---|---|`,
  `| packet size (JSON) | ${packetBytes} B | ~9.7 KB |`,
  `| JSON.parse only (baseline) | ${perSecond(parsePps)} | |`,
  `| decode + validate + store (with today's stages) | ${perSecond(ingestPps)} | ≥ 15,000 |`,
  `| ratio ingest / parse-only | ${ratio.toFixed(2)} | ≥ 0.80 |`,
  `| validate + store alone | ${validateStoreUs.toFixed(1)} µs/packet | ≤ JSON.parse (${(1e6 / parsePps).toFixed(1)} µs) |`,
  `| decode + validate + store, no stages | ${perSecond(barePps)} (ratio ${(barePps / parsePps).toFixed(2)}) | |`,
  `| stage events (alert starts and ends) per packet while timed | ${eventsPerPacket.toFixed(1)} | |`,
  `| history per stored packet | ${bytesPerPacket} B | ≤ 1,300 |`,
  `| runs | ${RUNS} × ~${RUN_MS} ms each, interleaved, median | |`,
  `| machine | ${machine} | |`,
  `| date | ${date} | |`,
].join("\n");
const stageTable = [
  `| stage (registry order, features.ts) | columns | step alone | share of ingest | target |`,
  `|---|---|---|---|---|`,
  ...target.stages.map((stage, s) => {
    const ns = median(stageRuns[s]!);
    return `| ${stage.name} | ${stage.columns.length} | ${ns.toFixed(0)} ns/packet | ${((100 * ns) / ingestNs).toFixed(2)} % | ≤ 10 % |`;
  }),
  `| all stages inside ingest (with − without, median of runs) | | ${inIngestNs.toFixed(0)} ns/packet | ${((100 * inIngestNs) / ingestNs).toFixed(2)} % | |`,
].join("\n");

const FEED_TEXT = {
  race: "Feed: race (the default, as a car sends them): the packets' flag fields (every boolean and flag word) held as in the first packet, every other value drawn per packet; --feed storm draws every flag per packet too.",
  storm:
    "Feed: storm (--feed storm): every flag field drawn at random per packet, so alerts start or end on every packet (the table's stage events), which no car does; the default feed, race, holds them as in the first packet.",
} as const;
const heading = "## Ingest (npm run bench:ingest)";
console.log(`${heading}\n\n${table}\n\n${stageTable}\n`);
console.log(
  [
    `parse-only runs: ${parseRuns.map(Math.round).join(", ")}`,
    `ingest runs: ${ingestRuns.map(Math.round).join(", ")}`,
    `ingest without stages runs: ${bareRuns.map(Math.round).join(", ")}`,
  ].join("\n"),
);
if (sink === 42) console.log("");

const result = `RESULT ingest_pps=${Math.round(ingestPps)} parse_only_pps=${Math.round(parsePps)} ratio=${ratio.toFixed(3)} no_stages_pps=${Math.round(barePps)} bytes_per_packet=${bytesPerPacket} feed=${feed}`;
await writeResultsSection(heading, [
  `Measured ${date} on ${machine}. A real-shaped packet (${packetBytes} B of JSON, 316 fields) is parsed with JSON.parse (baseline) or parsed, validated and stored in the columnar history (TelemetryStore.ingest, with the ingest stages registered in workers/telemetry/features.ts: ${stageNames}) on one core; the same ingest with the pipeline empty is measured in the same runs. ${FEED_TEXT[feed]}`,
  "",
  table,
  "",
  `Each stage's cost per packet: its step alone on the packets' stored rows (${RUNS} runs × ~${STAGE_RUN_MS} ms, median), as a share of one packet's ingest; and all stages inside ingest, the difference between ingest with and without them (noisy at this size).`,
  "",
  stageTable,
]);
console.log(result);
