// Ingest benchmark: JSON.parse alone (baseline) vs decode + validate + store
// (JSON.parse + TelemetryStore.ingest, with the registered ingest stages) of a
// real-shaped ~9.7 KB packet, and what each stage costs per packet. Two feeds
// of the same packets in one run (bench/ingestFeed.ts): the race (flags held,
// as a car sends them), whose figures are the headline, and the storm (every
// flag drawn per packet). Prints markdown tables and one RESULT line and
// writes its section of the results (bench/resultsFile.ts: bench/latest/
// ingest.md, or bench/RESULTS.md with --record).
import { coresText } from "./benchMachine";
import { writeResultsSection } from "./resultsFile";
import type { TelemetryStore } from "../workers/telemetry/store/TelemetryStore";
import type { EventSink, Stage } from "../workers/telemetry/pipeline/Stage";
import { type Feed, measurePps, median, perSecond, VARIANTS, wireTexts } from "./ingestFeed";
import { ingestTarget } from "./ingestTarget";

const RUNS = 7;
const RUN_MS = 1000;
const STAGE_RUN_MS = 300;
const FEEDS: readonly Feed[] = ["race", "storm"];
// `--feed race|storm` picks the feed whose figures head the RESULT line; both
// are measured in every run, so their ratios always come from the same run.
const HEADLINE = headlineFeed(process.argv.slice(2));

let sink = 0; // keeps results observable so nothing is optimised away
// A stage's events timed alone are dropped; a local no-op, as Stage.ts's
// DROP_EVENTS, since builds without Stage.ts run this script too (compareBuilds).
const DROP_EVENTS: EventSink = () => {};
const target = await ingestTarget();

const parseOnly = (text: string): void => {
  sink += (JSON.parse(text) as { TimeStamp: number }).TimeStamp;
};
function headlineFeed(argv: string[]): Feed {
  const at = argv.indexOf("--feed");
  if (at < 0) return "race";
  const feed = argv[at + 1] as Feed;
  if (!FEEDS.includes(feed))
    throw new Error(`--feed takes race or storm, not "${argv[at + 1] ?? ""}"`);
  return feed;
}
const ingestInto = (store: TelemetryStore) => (text: string) => {
  if (!store.ingest(JSON.parse(text), "DEMO")) throw new Error("bench packet rejected");
};

/** One feed's texts, stores and runs. */
function feedBench(feed: Feed) {
  const texts = wireTexts(feed);
  const counted = { events: 0 };
  // Counts the stages' events: with today's stages, alerts starting or ending.
  const store = target.store(() => void counted.events++);
  // The same store with its pipeline empty: what the stages cost inside ingest.
  const bare = target.bare();
  return {
    feed,
    texts,
    counted,
    store,
    bare,
    ingest: ingestInto(store),
    ingestBare: ingestInto(bare),
    parseRuns: [] as number[],
    ingestRuns: [] as number[],
    bareRuns: [] as number[],
    stageRuns: target.stages.map((): number[] => []),
  };
}
type FeedBench = ReturnType<typeof feedBench>;

/**
 * One stage's step alone, on the feed's stored rows (its columns cleared
 * first, so it computes them as for a live packet): ns per packet.
 */
function stageNs(b: FeedBench, stage: Stage): number {
  const bare = b.bare;
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
      // Its events are its cost too, built after the row (Stage.flush; none in older builds).
      (stage as { flush?: Stage["flush"] }).flush?.(state, DROP_EVENTS);
    }
    n += 1000;
    elapsed = performance.now() - start;
  }
  return (elapsed * 1e6) / n;
}

const benches = FEEDS.map(feedBench);
// Warm up every path so the JIT has compiled them before timing.
for (const b of benches)
  for (let i = 0; i < 3000; i++) {
    const text = b.texts[i % VARIANTS]!;
    parseOnly(text);
    b.ingest(text);
    b.ingestBare(text);
  }
const warm = benches.map((b) => ({ events: b.counted.events, accepted: b.store.acceptedCount }));

// Interleaved, feed by feed within each run, so a machine that slows down
// mid-run slows every variant alike.
for (let r = 0; r < RUNS; r++)
  for (const b of benches) {
    b.parseRuns.push(measurePps(b.texts, parseOnly, RUN_MS));
    b.ingestRuns.push(measurePps(b.texts, b.ingest, RUN_MS));
    b.bareRuns.push(measurePps(b.texts, b.ingestBare, RUN_MS));
    target.stages.forEach((stage, s) => b.stageRuns[s]!.push(stageNs(b, stage)));
  }

const summary = benches.map((b, i) => {
  const parsePps = median(b.parseRuns);
  const ingestPps = median(b.ingestRuns);
  const barePps = median(b.bareRuns);
  const ingestNs = 1e9 / ingestPps;
  return {
    ...b,
    parsePps,
    ingestPps,
    barePps,
    ratio: ingestPps / parsePps,
    ingestNs,
    // Per run, then the median: the runs' pairs were measured side by side.
    inIngestNs: median(b.bareRuns.map((bare, r) => 1e9 / b.ingestRuns[r]! - 1e9 / bare)),
    eventsPerPacket:
      (b.counted.events - warm[i]!.events) / (b.store.acceptedCount - warm[i]!.accepted),
    packetBytes: Math.round(b.texts.reduce((sum, t) => sum + t.length, 0) / VARIANTS),
  };
});
const [race, storm] = summary as [(typeof summary)[0], (typeof summary)[0]];
const bytesPerPacket = Math.round(race.store.bytesPerPacket);
const machine = `${coresText()}, Node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
const stageNames = target.stages.map((stage) => stage.name).join(", ");
const both = (f: (s: typeof race) => string) => `${f(race)} | ${f(storm)}`;

const table = [
  `| measure | race (flags held) | storm (flags drawn per packet) | target |`,
  `|---|---|---|---|`,
  `| packet size (JSON) | ${both((s) => `${s.packetBytes} B`)} | ~9.7 KB |`,
  `| JSON.parse only (baseline) | ${both((s) => perSecond(s.parsePps))} | |`,
  `| decode + validate + store (with today's stages) | ${both((s) => perSecond(s.ingestPps))} | ≥ 15,000 |`,
  `| ratio ingest / parse-only | ${both((s) => s.ratio.toFixed(2))} | race ≥ 0.80, storm ≥ 0.70 |`,
  `| validate + store alone | ${both((s) => `${(1e6 / s.ingestPps - 1e6 / s.parsePps).toFixed(1)} µs/packet`)} | ≤ JSON.parse |`,
  `| decode + validate + store, no stages | ${both((s) => `${perSecond(s.barePps)} (ratio ${(s.barePps / s.parsePps).toFixed(2)})`)} | ratio ≥ 0.85 |`,
  `| stage events (alert starts and ends) per packet while timed | ${both((s) => s.eventsPerPacket.toFixed(1))} | |`,
  `| history per stored packet | ${bytesPerPacket} B | | ≤ 1,300 |`,
  `| runs | ${RUNS} × ~${RUN_MS} ms per measure and feed, interleaved, median | | |`,
  `| machine | ${machine} | | |`,
  `| date | ${date} | | |`,
].join("\n");
const share = (s: typeof race, ns: number) => `${((100 * ns) / s.ingestNs).toFixed(2)} %`;
const stageTable = [
  `| stage (registry order, features.ts) | columns | step alone, race | share, race | step alone, storm | share, storm | target |`,
  `|---|---|---|---|---|---|---|`,
  ...target.stages.map((stage, s) => {
    const [r, t] = [median(race.stageRuns[s]!), median(storm.stageRuns[s]!)];
    return `| ${stage.name} | ${stage.columns.length} | ${r.toFixed(0)} ns/packet | ${share(race, r)} | ${t.toFixed(0)} ns/packet | ${share(storm, t)} | ≤ 10 % |`;
  }),
  `| all stages inside ingest (with − without, median of runs) | | ${race.inIngestNs.toFixed(0)} ns/packet | ${share(race, race.inIngestNs)} | ${storm.inIngestNs.toFixed(0)} ns/packet | ${share(storm, storm.inIngestNs)} | |`,
].join("\n");

const heading = "## Ingest (npm run bench:ingest)";
console.log(`${heading}\n\n${table}\n\n${stageTable}\n`);
for (const s of summary)
  console.log(
    [
      `${s.feed}: parse-only runs: ${s.parseRuns.map(Math.round).join(", ")}`,
      `${s.feed}: ingest runs: ${s.ingestRuns.map(Math.round).join(", ")}`,
      `${s.feed}: ingest without stages runs: ${s.bareRuns.map(Math.round).join(", ")}`,
    ].join("\n"),
  );
if (sink === 42) console.log("");

// The headline figures are the race feed's (a car's packets) unless --feed storm; both ratios beside them.
const head = HEADLINE === "storm" ? storm : race;
const result = `RESULT ingest_pps=${Math.round(head.ingestPps)} parse_only_pps=${Math.round(head.parsePps)} ratio=${head.ratio.toFixed(3)} race_ratio=${race.ratio.toFixed(3)} storm_ratio=${storm.ratio.toFixed(3)} no_stages_ratio=${(head.barePps / head.parsePps).toFixed(3)} bytes_per_packet=${bytesPerPacket}${HEADLINE === "storm" ? " feed=storm" : ""}`;
await writeResultsSection(heading, [
  `Measured ${date} on ${machine}. A real-shaped packet (${race.packetBytes} B of JSON, 316 fields) is parsed with JSON.parse (baseline) or parsed, validated and stored in the columnar history (TelemetryStore.ingest, with the ingest stages registered in workers/telemetry/features.ts: ${stageNames}) on one core; the same ingest with the pipeline empty is measured in the same runs. Two feeds of the same seeded packets (bench/ingestFeed.ts), in the same run: the race, as a car sends them, its flag fields (every boolean and flag word) held as in the first packet and every other value drawn per packet; and the storm, every flag drawn per packet too, so alerts start or end on every packet (the table's stage events), which no car does. The RESULT line's ingest_pps, parse_only_pps, ratio and no_stages_ratio are the race's (with --feed storm, the storm's).`,
  "",
  table,
  "",
  `Each stage's cost per packet: its step alone on the feed's stored rows (${RUNS} runs × ~${STAGE_RUN_MS} ms, median), as a share of one packet's ingest of that feed; and all stages inside ingest, the difference between ingest with and without them (noisy at this size).`,
  "",
  stageTable,
]);
console.log(result);
