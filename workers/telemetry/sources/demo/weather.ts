// Clouds over the simulated car: a day is a run of seeded weather episodes
// (clear, thin cloud, broken cloud, overcast) lasting tens of minutes to
// hours, as real weather comes, with a small fast flicker inside each. The
// sky's transmission is a pure function of the seed and the time, so it does
// not depend on the packet rate, and a day's weather is the same whatever
// time the drive started.
//
// The kinds of day (docs/strategy-bench.md lists them with their physics):
// - "clear", "broken": one sky all day (clear air; fair-weather cumulus).
// - "overcast-afternoon": a front around noon (solar 10:45–11:45) whose
//   overcast holds the afternoon.
// - "afternoon-front": a front arriving between 13:00 and 16:00 on the
//   place's clock, after a fair morning and an hour or two of high cloud
//   thickening ahead of it; its overcast holds to the evening.
// - "afternoon-clearing": a cloud deck over the morning whose back edge
//   passes (or which breaks up) between 12:00 and 15:00 on the clock; clear
//   air behind it.
// - "random": a seeded mix of every sky, with no plan.
import { localTimeOnDayOf, TRACK_TIME_ZONE } from "../../../shared/dateTime";
import { clamp, createRandom } from "./random";

export type WeatherKind =
  "clear" | "broken" | "overcast-afternoon" | "afternoon-front" | "afternoon-clearing" | "random";
export const WEATHER_KINDS: readonly WeatherKind[] = [
  "clear",
  "broken",
  "overcast-afternoon",
  "afternoon-front",
  "afternoon-clearing",
  "random",
];

type Sky = "clear" | "thin" | "broken" | "overcast";

/** Share of the clear-sky light that gets through (range), and the flicker's size. */
const SKIES: Record<Sky, { low: number; high: number; flicker: number }> = {
  clear: { low: 0.96, high: 1, flicker: 0.012 },
  thin: { low: 0.68, high: 0.85, flicker: 0.05 },
  // Cumulus: the sun comes and goes, so the flicker is large.
  broken: { low: 0.45, high: 0.68, flicker: 0.16 },
  overcast: { low: 0.16, high: 0.34, flicker: 0.03 },
};

const MINUTE = 60;
const DAY_S = 86_400;
/** Episodes last between these, log-uniformly: tens of minutes to hours. */
const SHORTEST_S = 15 * MINUTE;
const LONGEST_S = 150 * MINUTE;
/** One episode blends into the next over this long (a front arriving). */
const BLEND_S = 5 * MINUTE;
/**
 * An afternoon front's overcast arrives between these clock times (minutes
 * after local midnight), anywhere between them with equal odds: a front that
 * a morning's sky cannot show. Ahead of it, high cloud thickens for
 * FRONT_LEAD_S (1–2 h): cirrostratus and altostratus spread ahead of a front
 * hundreds of kilometres wide, at its speed of 20–50 km/h.
 */
const FRONT_WINDOW_MIN: [number, number] = [13 * 60, 16 * 60];
const FRONT_LEAD_S: [number, number] = [60 * MINUTE, 120 * MINUTE];
/**
 * An afternoon that clears: the sky behind the morning's cloud deck reaches
 * the car between these clock times; the deck breaks into cumulus for
 * CLEARING_S (30–90 min) before, as a stratus deck burning off in the
 * midday heat, or a system's trailing edge, does.
 */
const CLEARING_WINDOW_MIN: [number, number] = [12 * 60, 15 * 60];
const CLEARING_S: [number, number] = [30 * MINUTE, 90 * MINUTE];
/** Flicker: value noise on two time scales (a cloud edge, a passing cloud). */
const FLICKER_FAST_S = 15;
const FLICKER_SLOW_S = 90;

interface Episode {
  start: number; // seconds after local solar midnight
  sky: Sky;
  level: number;
}

interface WeatherOptions {
  seed: number;
  kind: WeatherKind;
  /** Longitude of the place, degrees: its days run from local solar midnight. */
  longitude: number;
  /** The place's clock, which the afternoon kinds' windows are given in (default: the demo track's). */
  timeZone?: string;
}

export class Weather {
  private readonly seed: number;
  private readonly kind: WeatherKind;
  private readonly offsetS: number;
  private readonly timeZone: string;
  private day = Number.NaN;
  private episodes: Episode[] = [];
  private cursor = 0;

  constructor(options: WeatherOptions) {
    if (!WEATHER_KINDS.includes(options.kind)) {
      throw new Error(
        `Unknown weather "${String(options.kind)}": expected ${WEATHER_KINDS.join(", ")}`,
      );
    }
    this.seed = options.seed >>> 0;
    this.kind = options.kind;
    this.offsetS = (options.longitude / 15) * 3600;
    this.timeZone = options.timeZone ?? TRACK_TIME_ZONE;
  }

  /** Share of the clear-sky light reaching the array at epoch seconds `timeS` (0..1). */
  transmission(timeS: number): number {
    const local = timeS + this.offsetS;
    const day = Math.floor(local / DAY_S);
    if (day !== this.day) this.planDay(day);
    const secondOfDay = local - day * DAY_S;
    const index = this.episodeAt(secondOfDay);
    const episode = this.episodes[index]!;
    const previous = this.episodes[index - 1];
    const blend = previous ? clamp((secondOfDay - episode.start) / BLEND_S, 0, 1) : 1;
    const smooth = blend * blend * (3 - 2 * blend);
    const level = previous
      ? previous.level + (episode.level - previous.level) * smooth
      : episode.level;
    const flickerSize = previous
      ? SKIES[previous.sky].flicker +
        (SKIES[episode.sky].flicker - SKIES[previous.sky].flicker) * smooth
      : SKIES[episode.sky].flicker;
    const flicker =
      0.6 * valueNoise(this.seed, timeS / FLICKER_FAST_S) +
      0.4 * valueNoise(this.seed ^ 0x5bd1e995, timeS / FLICKER_SLOW_S);
    return clamp(level + flickerSize * flicker, 0.05, 1);
  }

  /** The sky kind at `timeS` (for tests and the report of a run). */
  skyAt(timeS: number): Sky {
    const local = timeS + this.offsetS;
    const day = Math.floor(local / DAY_S);
    if (day !== this.day) this.planDay(day);
    return this.episodes[this.episodeAt(local - day * DAY_S)]!.sky;
  }

  /**
   * When the day's weather changes character, epoch seconds (for tests and
   * the bench's report): an afternoon front's thickening and arrival, an
   * afternoon's breaking up and clearing, the noon front's; none for the others.
   */
  changesOfDay(timeS: number): number[] {
    const day = Math.floor((timeS + this.offsetS) / DAY_S);
    return this.frontsOf(createRandom(mix(this.seed, day)), day).map(
      (second) => day * DAY_S + second - this.offsetS,
    );
  }

  private episodeAt(secondOfDay: number): number {
    const list = this.episodes;
    let i = Math.min(this.cursor, list.length - 1);
    while (i > 0 && list[i]!.start > secondOfDay) i--;
    while (i + 1 < list.length && list[i + 1]!.start <= secondOfDay) i++;
    this.cursor = i;
    return i;
  }

  /** The day's episodes, from its seed alone. */
  private planDay(day: number): void {
    const random = createRandom(mix(this.seed, day));
    const fronts = this.frontsOf(random, day);
    const episodes: Episode[] = [];
    for (let start = 0; start < DAY_S;) {
      const phase = fronts.filter((front) => front <= start).length;
      const sky = this.pickSky(phase, random);
      const { low, high } = SKIES[sky];
      episodes.push({ start, sky, level: low + (high - low) * random() });
      // An episode ends at its own length or when the next front comes.
      const next = fronts.find((front) => front > start) ?? DAY_S;
      start = Math.min(next, start + SHORTEST_S * (LONGEST_S / SHORTEST_S) ** random());
    }
    this.day = day;
    this.episodes = episodes;
    this.cursor = 0;
  }

  /**
   * When the day's weather changes its character (seconds after solar
   * midnight). An overcast afternoon: cloud builds for the hour and a half
   * before a front, which comes between solar 10:45 and 11:45 (about 11:30
   * to 12:30 on the summer clock at the track) and holds the afternoon. The
   * afternoon kinds: see FRONT_WINDOW_MIN and CLEARING_WINDOW_MIN.
   */
  private frontsOf(random: () => number, day: number): number[] {
    if (this.kind === "overcast-afternoon") {
      const front = (10.75 + random()) * 3600;
      return [front - 1.5 * 3600, front];
    }
    if (this.kind === "afternoon-front") {
      const arrival = this.clockOnDay(day, between(FRONT_WINDOW_MIN, random()) * MINUTE);
      return [arrival - between(FRONT_LEAD_S, random()), arrival];
    }
    if (this.kind === "afternoon-clearing") {
      const cleared = this.clockOnDay(day, between(CLEARING_WINDOW_MIN, random()) * MINUTE);
      return [cleared - between(CLEARING_S, random()), cleared];
    }
    return [];
  }

  /** Seconds after the solar day's midnight of `clockS` seconds after midnight on the place's clock. */
  private clockOnDay(day: number, clockS: number): number {
    const solarNoon = day * DAY_S + DAY_S / 2 - this.offsetS;
    const midnight = localTimeOnDayOf(solarNoon, 0, this.timeZone);
    return midnight + clockS + this.offsetS - day * DAY_S;
  }

  /** The sky of an episode in the day's `phase` (fronts passed so far). */
  private pickSky(phase: number, random: () => number): Sky {
    const r = random();
    switch (this.kind) {
      case "clear":
        return "clear";
      case "broken":
        return r < 0.3 ? "clear" : r < 0.5 ? "thin" : "broken";
      case "overcast-afternoon":
        // A clear morning; cloud builds before the front; an overcast afternoon.
        if (phase === 0) return r < 0.85 ? "clear" : "thin";
        if (phase === 1) return r < 0.5 ? "thin" : "broken";
        return r < 0.8 ? "overcast" : "broken";
      case "afternoon-front":
        // A fair morning; high cloud thickening ahead of the front; its overcast.
        if (phase === 0) return r < 0.8 ? "clear" : "thin";
        if (phase === 1) return r < 0.6 ? "thin" : "broken";
        return r < 0.85 ? "overcast" : "broken";
      case "afternoon-clearing":
        // The morning's deck; it breaks up; clear air behind it.
        if (phase === 0) return r < 0.65 ? "overcast" : "broken";
        if (phase === 1) return r < 0.7 ? "broken" : "thin";
        return r < 0.85 ? "clear" : "thin";
      case "random":
        return r < 0.42 ? "clear" : r < 0.62 ? "thin" : r < 0.87 ? "broken" : "overcast";
    }
  }
}

/** The point a share `t` (0..1) of the way from range[0] to range[1]. */
const between = ([from, to]: [number, number], t: number) => from + (to - from) * t;

/** Smooth deterministic noise in [-1, 1] along `x` (cosine-blended random knots). */
function valueNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const a = hash01(seed, i) * 2 - 1;
  const b = hash01(seed, i + 1) * 2 - 1;
  const t = (1 - Math.cos(Math.PI * f)) / 2;
  return a + (b - a) * t;
}

function mix(seed: number, n: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n | 0, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

function hash01(seed: number, n: number): number {
  return mix(seed, n) / 4294967296;
}
