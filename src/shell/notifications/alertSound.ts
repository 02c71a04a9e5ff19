// Alert sounds (Settings → Alerts, off by default): a short Web Audio beep,
// critical distinct from warning (three high square beeps against one soft
// tone), nothing for info. One sound per burst: a storm of alerts in one
// event, or within a second, beeps once.
import type { AlertSeverity } from "../../../workers/contract/alerts";

type AlertSound = "critical" | "warning";

/** The sound for alerts of this worst severity (info: none). */
export function soundFor(severity: AlertSeverity): AlertSound | null {
  return severity === "info" ? null : severity;
}

const TONES: Record<AlertSound, { frequency: number; type: OscillatorType; beeps: number }> = {
  critical: { frequency: 1046, type: "square", beeps: 3 },
  warning: { frequency: 660, type: "sine", beeps: 1 },
};
const BEEP_S = 0.14;
const GAP_S = 0.08;
const QUIET_MS = 1000;

let context: AudioContext | null = null;
let lastAt = -Infinity;

/** Sounds for a new burst, unless one sounded less than a second ago. */
export function soundAlerts(sound: AlertSound, now = performance.now()): void {
  if (now - lastAt < QUIET_MS) return;
  lastAt = now;
  playAlertSound(sound);
}

/** Plays the sound now (Settings' "Try" button too). */
export function playAlertSound(sound: AlertSound): void {
  try {
    context ??= new AudioContext();
    const ctx = context;
    const tone = TONES[sound];
    const gain = ctx.createGain();
    gain.gain.value = 0.15;
    gain.connect(ctx.destination);
    for (let i = 0; i < tone.beeps; i++) {
      const oscillator = ctx.createOscillator();
      oscillator.type = tone.type;
      oscillator.frequency.value = tone.frequency;
      oscillator.connect(gain);
      const start = ctx.currentTime + i * (BEEP_S + GAP_S);
      oscillator.start(start);
      oscillator.stop(start + BEEP_S);
    }
  } catch {
    // No audio output (or blocked before a user gesture): the toast still shows.
  }
}
