// The math channels' calls of one window (MathApi): the set is the core's,
// for every history; a channel is checked against the history the window shows.
import type { MathApi } from "../../contract/math";
import type { WindowAccess } from "../pipeline/Feature";
import type { MathChannels } from "./MathChannels";

export function mathApi(math: MathChannels, window: WindowAccess): MathApi {
  return {
    mathChannels: () => math.list(),
    starterMathChannels: () => math.starter(),
    setMathChannels: (channels) =>
      window.changeSetting(
        () => math.list(),
        () => math.set(channels),
      ),
    checkMathChannel: (channel, replacing) => math.check(channel, replacing, window.view().store),
    mathChannelsJson: () => math.json(),
    parseMathChannelsJson: (text) => math.parseJson(text),
  };
}
