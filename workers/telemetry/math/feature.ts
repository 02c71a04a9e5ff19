// Derived power and the user's math channels as a registered analysis
// (workers/telemetry/features.ts): the stage computes the set in force on
// every history; the live part sets it and has every recorded session begin
// with it. A change of the set computes every stored history again, with
// progress (settingApplied answers each history's job, recompute.ts).
import type { Feature } from "../pipeline/Feature";
import type { Stage } from "../pipeline/Stage";
import { MATH_EVENTS } from "./channelsEvent";
import { mathApi } from "./mathApi";
import { mathChannelsSchema } from "./channelRegistry";
import { MathChannels } from "./MathChannels";
import { STARTER_CHANNELS } from "./starter";
import { mathStage } from "./mathStage";

export const mathFeature: Feature<MathChannels> = {
  id: "math",
  stages: [mathStage as Stage],
  events: MATH_EVENTS,
  setting: {
    kind: "mathChannels",
    schema: mathChannelsSchema,
    default: () => STARTER_CHANNELS.map((def) => ({ ...def })),
  },
  onSettingChange: "recompute",
  panel: true,
  live: (context) =>
    new MathChannels({
      watched: () => context.watchedFields(),
      recomputing: () => context.recomputing(),
    }),
  api: (math, window) => mathApi(math, window),
  snapshot: (math) => math.summary(),
  snapshotField: "math",
};
