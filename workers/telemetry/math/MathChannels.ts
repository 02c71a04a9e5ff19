// The core's side of the math channels API (workers/contract/math.ts): sets
// the worker's one set (channelRegistry.ts) and computes a history again with
// it when the core hands it the change (settingApplied, recompute.ts); checks
// a channel as the editor types; reads and writes the channels' JSON file. A channel an alert rule watches cannot be
// deleted or renamed from under the rule: the set is refused with the reason.
import type { SessionEvent } from "../../contract/events";
import { channelsEvent } from "./channelsEvent";
import type {
  ChannelCheck,
  ChannelProblem,
  MathChannelDef,
  MathChannelsFileResult,
  MathChannelsResult,
  MathSummary,
} from "../../contract/math";
import type { TelemetryStore } from "../store/TelemetryStore";
import { CHANNELS } from "./channelRegistry";
import { NO_PREVIEW, previewChannel } from "./preview";
import type { RecomputeJob } from "../pipeline/Feature";
import { startRecompute } from "./recompute";
import { STARTER_CHANNELS } from "./starter";

const FILE_KEY = "mathChannels";

interface MathChannelsOptions {
  /** Names of the fields the alert rules in force watch (subjects and limit fields). */
  watched: () => ReadonlySet<string>;
  /** Rows done and to do over the histories computed again now (the core keeps it); null: none. */
  recomputing: () => { done: number; total: number } | null;
}

export class MathChannels {
  constructor(private readonly options: MathChannelsOptions) {}

  list(): MathChannelDef[] {
    return CHANNELS.list();
  }

  starter(): MathChannelDef[] {
    return STARTER_CHANNELS.map((def) => ({ ...def }));
  }

  set(defs: MathChannelDef[]): MathChannelsResult {
    const names = new Set(Array.isArray(defs) ? defs.map((d) => d?.name) : []);
    const watched = this.options.watched();
    const lost = CHANNELS.list()
      .map((def) => def.name)
      .filter((name) => !names.has(name) && watched.has(name));
    if (lost.length > 0) {
      const problems: Record<string, ChannelProblem[]> = {};
      for (const name of lost)
        problems[name] = [
          { message: `An alert rule watches ${name}: change or delete the rule first.` },
        ];
      return {
        ok: false,
        message: `Alert rules watch ${lost.join(", ")}: change or delete those rules before deleting or renaming the channel.`,
        problems,
      };
    }
    return CHANNELS.set(defs);
  }

  /** The set changed ("recompute"): `store` computes it again over all its rows. */
  settingApplied(store: TelemetryStore): RecomputeJob {
    return startRecompute(store);
  }

  /** The editor's check: `channel` in place of `replacing` (or added), against `shown`'s recent rows. */
  check(channel: MathChannelDef, replacing: string | null, shown: TelemetryStore): ChannelCheck {
    const current = CHANNELS.list();
    const at = replacing === null ? -1 : current.findIndex((def) => def.name === replacing);
    const candidate =
      at < 0 ? [...current, channel] : current.map((def, i) => (i === at ? channel : def));
    const k = at < 0 ? candidate.length - 1 : at;
    const plan = CHANNELS.plan(candidate, true);
    if (!plan.ok) {
      const name = typeof channel?.name === "string" ? channel.name : "";
      const own =
        plan.problems[name] ??
        (Object.keys(plan.problems).length === 0 ? [{ message: plan.message }] : []);
      // Another channel's problem caused by this one (a cycle through it) is still this one's.
      const others = Object.entries(plan.problems)
        .filter(([other]) => other !== name)
        .flatMap(([other, list]) => list.map((p) => ({ message: `${other}: ${p.message}` })));
      return { ok: false, problems: [...own, ...others], reads: [], ...NO_PREVIEW };
    }
    const { program, assigned } = plan.planned;
    return {
      ok: true,
      problems: [],
      reads: [...(program.reads[k] ?? [])],
      ...previewChannel(program, k, assigned[k]!.field, shown.ring),
    };
  }

  /** What every recorded session begins with: the set in force (their values are not recorded). */
  startEvents(time: number): SessionEvent[] {
    return [channelsEvent(time)];
  }

  json(): string {
    return JSON.stringify({ [FILE_KEY]: this.list() }, null, 2);
  }

  /** A channels file's channels, checked as a set (not applied). */
  parseJson(text: string): MathChannelsFileResult {
    let file: unknown;
    try {
      file = JSON.parse(text);
    } catch (error) {
      return {
        ok: false,
        message: `Not a math channels file: it is not JSON (${(error as Error).message}).`,
      };
    }
    const list = (file as Record<string, unknown> | null)?.[FILE_KEY];
    if (!Array.isArray(list))
      return { ok: false, message: `Not a math channels file: it has no "${FILE_KEY}" list.` };
    const plan = CHANNELS.plan(list);
    if (!plan.ok)
      return { ok: false, message: `The file's channels cannot be used: ${plan.message}` };
    return { ok: true, channels: plan.planned.assigned.map((a) => ({ ...a.def })) };
  }

  summary(): MathSummary {
    return {
      version: CHANNELS.version,
      count: CHANNELS.list().length,
      recompute: this.options.recomputing(),
    };
  }
}
