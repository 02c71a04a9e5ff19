// The math channels' definitions as a session event: every session begins
// with the set in force, and each change of the set is recorded when it
// happens, so a replay knows which channels the session was watched with.
// Their values are not recorded: a restore or replay computes them again.
// Its schema (Feature.events) checks a set read back: each channel's name,
// expression, unit and description are text (other fields kept as stored).
import { z } from "zod";
import type { SessionEvent } from "../../contract/events";
import type { MathChannelDef } from "../../contract/math";
import { CHANNELS } from "./channelRegistry";

interface MathChannelsEvent extends SessionEvent {
  readonly kind: "mathChannels";
  readonly channels: readonly MathChannelDef[];
}

/** A set of channel definitions as read back. */
export const mathChannelsEventSchema = z.looseObject({
  channels: z.array(
    z.looseObject({
      name: z.string(),
      expression: z.string(),
      unit: z.string(),
      description: z.string(),
    }),
  ),
});

/** The math channels' session event kinds. */
export const MATH_EVENTS = { mathChannels: mathChannelsEventSchema };

/** The set in force now, dated `time` (packet time, epoch seconds). */
export function channelsEvent(time: number): MathChannelsEvent {
  return { kind: "mathChannels", time, channels: CHANNELS.list() };
}
