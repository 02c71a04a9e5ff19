// The loading screen's phases (spec §4): 1 drive-in, 2 pending, 3 ready, then
// removed. Drive-in → pending after 1 s; once loading is false, ready follows
// 3 s later; 0.8 s after ready the screen is removed; loading again while
// ready (or removed) starts over at drive-in and shows the screen again.
import { OneShot, type Clock } from "./clock";

export type LoadingPhase = "drive-in" | "pending" | "ready" | "hidden";

const PHASE_TIMINGS = { driveInMs: 1000, readyAfterMs: 3000, removeAfterMs: 800 };

export class LoadingPhases {
  private value: LoadingPhase = "drive-in";
  private readonly driveIn: OneShot;
  private readonly ready: OneShot;
  private readonly remove: OneShot;

  constructor(
    clock: Clock,
    private readonly onChange: (phase: LoadingPhase) => void,
  ) {
    this.driveIn = new OneShot(clock);
    this.ready = new OneShot(clock);
    this.remove = new OneShot(clock);
  }

  get phase(): LoadingPhase {
    return this.value;
  }

  start(loading: boolean): void {
    this.enterDriveIn();
    if (!loading) this.scheduleReady();
  }

  setLoading(loading: boolean): void {
    if (loading) {
      this.ready.cancel();
      if (this.value === "ready" || this.value === "hidden") this.enterDriveIn();
    } else if (this.value === "drive-in" || this.value === "pending") {
      if (!this.ready.armed) this.scheduleReady();
    }
  }

  dispose(): void {
    this.driveIn.cancel();
    this.ready.cancel();
    this.remove.cancel();
  }

  private enterDriveIn(): void {
    this.remove.cancel();
    this.set("drive-in");
    this.driveIn.arm(PHASE_TIMINGS.driveInMs, () => {
      if (this.value === "drive-in") this.set("pending");
    });
  }

  private scheduleReady(): void {
    this.ready.arm(PHASE_TIMINGS.readyAfterMs, () => {
      this.driveIn.cancel();
      this.set("ready");
      this.remove.arm(PHASE_TIMINGS.removeAfterMs, () => this.set("hidden"));
    });
  }

  private set(phase: LoadingPhase): void {
    if (phase === this.value) return;
    this.value = phase;
    this.onChange(phase);
  }
}
