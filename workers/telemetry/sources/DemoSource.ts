// DEMO: the simulated car on a timer. Default 2 packets/s (one every 500 ms,
// as the spec says); benchmarks raise the rate to thousands per second, where
// one timer tick emits every packet that fell due since the last tick, so the
// rate is honoured whatever the timer's real granularity.
//
// A demo day (`dayHours`, the page's ?demoDay=9) first drives the car through
// that many hours ending now, at the car's 10 packets/s, as fast as the
// thread allows, in batches that yield to the worker's other work between
// them; then the demo goes on live. Every packet takes the normal way (the
// sink: validation, stages, laps, recording), so the morning has laps and a
// track like a real day. It stays DEMO data.
//
// The demo's clock (`clockOffsetMs`, the page's ?demoClock=13:00) may run
// ahead of or behind the wall clock by a fixed amount, so the simulated car
// drives in daylight at the track whatever the time here: its packets carry
// that time, and its sun (which follows packet time) agrees.
//
// Injections (`injections`, the page's ?demoInject=1800+0.1:BatteryFaults.
// Errors.WeakCellFault=true) set packet fields from given moments, counted in
// packet seconds from the demo's first packet (a built day's first, with a
// demo day): a benchmark's one-packet faults at known moments. Every packet,
// built or live, is made in one place (nextPacket), which applies them.
import type { DemoDayProgress } from "../../contract/connection";
import type { RecordedRow } from "../sessions/newestRow";
import { CAR_RATE_HZ } from "../../shared/carRate";
import type { DemoCar, Injection } from "../../contract/config";
import { applyInjections } from "../../shared/injection";
import type { TelemetryPacket } from "../schema/packetSchema";
import type { Source } from "./Source";
import type { SourceSink } from "./SourceSink";
import { CarSimulator } from "./demo/CarSimulator";
import { realTimers, type TimerHandle, type Timers } from "./timers";

export const DEFAULT_DEMO_RATE = 2;
export const MAX_DEMO_RATE = 20_000;
/** Tick period at high rates: ~60 ticks/s keeps batches small and timers cheap. */
const MIN_TICK_MS = 16;
/** After a stall (tab asleep) never emit more than this much backlog at once. */
const MAX_BACKLOG_S = 1;
/** Packets per batch of a demo day: tens of ms of work, then the thread is free again. */
export const DAY_BATCH = 1000;
export const MAX_DAY_HOURS = 24;
/**
 * Longest the car waits to hear where a recorded one stopped (holdForResume):
 * the recording answers once it has opened and listed its sessions, a few
 * hundred ms; a store that takes longer is not waited for.
 */
export const RESUME_WAIT_MS = 5_000;

interface DemoSourceOptions {
  rate?: number;
  seed?: number;
  timers?: Timers;
  simulator?: CarSimulator;
  /** Hours of driving to build at full speed before going live (0 < h ≤ 24; else none). */
  dayHours?: number;
  /** The simulated clock minus the wall clock, ms (default 0). */
  clockOffsetMs?: number;
  /** Which simulated car (default the light one). */
  car?: DemoCar;
  /** Values set on the packets from given moments (checked: WorkerConfig.demoInjections). */
  injections?: readonly Injection[];
}

export class DemoSource implements Source {
  readonly kind = "DEMO";
  private readonly sink: SourceSink;
  private readonly timers: Timers;
  private readonly simulator: CarSimulator;
  private rate: number;
  private timer: TimerHandle | null = null;
  private baseTime = 0; // wall ms when counting restarted
  private emittedSinceBase = 0;
  /** The demo day still to build (null: built, or none asked for). */
  private day: { hours: number; from: number } | null = null;
  private dayTimer: TimerHandle | null = null;
  private dayFraction = 0;
  private readonly clockOffsetMs: number;
  /** Set while the car waits to take up a recorded one (holdForResume); `started`: start() was asked meanwhile. */
  private holding: { started: boolean; timer: TimerHandle | null } | null = null;
  private readonly injections: readonly Injection[];
  /** TimeStamp of this demo's first packet (injections count from it); null before it. */
  private firstPacketTime: number | null = null;

  constructor(sink: SourceSink, options: DemoSourceOptions = {}) {
    this.sink = sink;
    this.timers = options.timers ?? realTimers;
    this.rate = normaliseRate(options.rate ?? DEFAULT_DEMO_RATE);
    const hours = options.dayHours ?? 0;
    const offset = options.clockOffsetMs ?? 0;
    this.clockOffsetMs = Number.isFinite(offset) ? offset : 0;
    this.injections = options.injections ?? [];
    const nowS = this.clockNowS();
    if (hours > 0 && hours <= MAX_DAY_HOURS) this.day = { hours, from: nowS - hours * 3600 };
    this.simulator =
      options.simulator ??
      new CarSimulator({
        seed: options.seed ?? 1,
        startTime: this.day?.from ?? nowS,
        car: options.car,
      });
  }

  get running(): boolean {
    return this.timer !== null || this.dayTimer !== null;
  }

  /** How far the demo day is built; null when none is being built. */
  get dayProgress(): DemoDayProgress | null {
    return this.day && { hours: this.day.hours, fraction: this.dayFraction };
  }

  /**
   * A recorded DEMO session may go on (the core starts again after its tab
   * crashed, or the windows replaced a hung one): until `resume` says where
   * its car stopped, or RESUME_WAIT_MS pass, this car drives nothing. Not
   * with a demo day to build, which is a drive of its own.
   */
  holdForResume(): void {
    if (this.day || this.running) return;
    this.holding ??= { started: false, timer: null };
  }

  /** The recorded car to go on as (null: none). True when this car took it up. */
  resume(row: RecordedRow | null): boolean {
    const holding = this.holding;
    if (!holding) return false;
    this.holding = null;
    if (holding.timer !== null) this.timers.clearTimeout(holding.timer);
    if (row) this.simulator.resumeFrom(row);
    if (holding.started) this.start();
    return row !== null;
  }

  start(): void {
    if (this.running) return;
    if (this.holding) {
      if (this.holding.started) return;
      this.holding.started = true;
      this.holding.timer = this.timers.setTimeout(() => this.resume(null), RESUME_WAIT_MS);
      return;
    }
    if (this.day) {
      this.dayTimer = this.timers.setTimeout(() => this.buildDay(), 0);
      return;
    }
    this.goLive(true);
  }

  /** `firstNow`: the first packet right away, so the screen fills at once. */
  private goLive(firstNow: boolean): void {
    this.rebase();
    if (firstNow) this.emit(1);
    else this.emittedSinceBase = 1; // as if sent now: the next falls due 1/rate later
    this.timer = this.timers.setInterval(
      () => this.tick(),
      Math.max(MIN_TICK_MS, 1000 / this.rate),
    );
  }

  stop(): void {
    if (this.holding?.timer != null) this.timers.clearTimeout(this.holding.timer);
    if (this.holding) this.holding = { started: false, timer: null };
    // A demo day stopped half-built goes on from where it was at the next start.
    if (this.dayTimer !== null) this.timers.clearTimeout(this.dayTimer);
    this.dayTimer = null;
    if (this.timer === null) return;
    this.timers.clearInterval(this.timer);
    this.timer = null;
  }

  setRate(packetsPerSecond: number): void {
    const rate = normaliseRate(packetsPerSecond);
    if (rate === this.rate) return;
    this.rate = rate;
    if (this.timer !== null) {
      this.stop();
      this.start();
    }
  }

  /** The simulated car's laps complete at this finish line (false: off the track, no laps). */
  setFinishLine(lat: number, long: number): boolean {
    return this.simulator.setFinishLine(lat, long);
  }

  /**
   * One batch of the demo day, then a yield (a zero timeout) so the worker
   * answers snapshots and plots in between. It runs up to "now" as it is when
   * the batch runs: time passes while the day is built, and the live demo
   * must start where the wall clock is.
   */
  private buildDay(): void {
    this.dayTimer = null;
    const day = this.day;
    if (!day) return;
    const dt = 1 / CAR_RATE_HZ;
    const untilS = this.clockNowS();
    const state = this.simulator.state;
    for (let i = 0; i < DAY_BATCH && state.time + dt <= untilS; i++) this.drive(dt, false);
    const span = Math.max(untilS - day.from, 1e-9);
    this.dayFraction = Math.min(1, Math.max(0, (state.time - day.from) / span));
    if (state.time + dt <= untilS) {
      this.dayTimer = this.timers.setTimeout(() => this.buildDay(), 0);
      return;
    }
    // Built, up to now: the demo goes on live from here. The last built
    // packet trails the wall clock by up to a packet interval plus this
    // batch's work (~150 ms measured), and every live packet after it would
    // carry that lag: one packet now, stepped over the gap, puts the clock
    // right; the next falls due 1/rate later.
    this.day = null;
    const behindS = this.clockNowS() - state.time;
    if (behindS > 0) this.drive(behindS, true);
    this.goLive(false);
  }

  /** Now on the demo's clock, epoch seconds. */
  private clockNowS(): number {
    return (this.timers.now() + this.clockOffsetMs) / 1000;
  }

  private rebase(): void {
    this.baseTime = this.timers.now();
    this.emittedSinceBase = 0;
  }

  private tick(): void {
    const elapsedS = (this.timers.now() - this.baseTime) / 1000;
    let due = Math.floor(elapsedS * this.rate) + 1 - this.emittedSinceBase;
    const cap = Math.max(1, Math.ceil(this.rate * MAX_BACKLOG_S));
    if (due > cap) {
      // We fell far behind: drop the backlog rather than flood the store.
      due = cap;
      this.rebase();
      this.emittedSinceBase = -cap + 1;
    }
    if (due > 0) this.emit(due);
  }

  private emit(count: number): void {
    const dt = 1 / this.rate;
    for (let i = 0; i < count; i++) this.drive(dt, true);
    this.emittedSinceBase += count;
  }

  /** The car's next packet, with the injections in force at its time: every packet is made here. */
  private nextPacket(dt: number): TelemetryPacket {
    const packet = this.simulator.next(dt);
    if (this.injections.length > 0) {
      this.firstPacketTime ??= packet.TimeStamp;
      applyInjections(packet, this.injections, packet.TimeStamp - this.firstPacketTime);
    }
    return packet;
  }

  /** One packet, and the laps it completed (a built day's laps raise no toast each). */
  private drive(dt: number, announceLaps: boolean): void {
    this.sink.packet(this.nextPacket(dt), "DEMO");
    for (
      let lap = this.simulator.takeCompletedLap();
      lap;
      lap = this.simulator.takeCompletedLap()
    ) {
      this.sink.lapData(lap);
      if (announceLaps) this.sink.notify("lapComplete");
    }
  }
}

function normaliseRate(rate: number): number {
  if (!Number.isFinite(rate) || rate <= 0) return DEFAULT_DEMO_RATE;
  return Math.min(MAX_DEMO_RATE, rate);
}
