// Command-line options of the feed server.
import { parseArgs } from "node:util";
import { MAX_RATE, type FeedServerOptions } from "./FeedServer";
import { GENERATIONS, isGeneration } from "./generation";
import { INJECT_SYNTAX, parseInjections } from "./injection";

export const HELP = `Helios feed server: a development, test and benchmark tool.

It is NOT the team's backend. The real backend receives the car's packets over
MQTT and fans them out to every viewer (scaling across processes with
Socket.IO's Redis adapter). This tool speaks the same Socket.IO protocol with
a simulated car, so the dashboard can be developed, tested and benchmarked
without the car.

Usage: npm run feed -- [options]

  --port <n>              port to listen on (default 3001; 0 = any free port)
  --host <addr>           address to bind (default 127.0.0.1)
  --rate <n>              packets per second, 1..${MAX_RATE} (default 10)
  --seed <n>              simulated car's random seed (default 1)
  --malformed <ratio>     share of packets sent broken, 0..1 (default 0)
  --disconnect-every <s>  drop every client connection every s seconds
  --car-dropout <s>       the car disconnects every s seconds, for up to 5 s
  --finish-password <text>  password setLapCoords checks (default "helios";
                          --password is the older name of this option)
  --generation <name>     backend generation to speak: 2026-01 (default:
                          nested laps in epoch seconds, setLapCoords answered
                          by broadcast, the WebSocket upgrade answered 101
                          and then 400) or 2026-06 (HeadlightsSwitchInput,
                          flat laps with ISO times, GET /laps newest first,
                          setLapCoords acknowledged; the playback REST in
                          epoch ms, whole ranges; the upgrade works)
  --speedup <x>           simulated seconds per real second (default 1;
                          e.g. 50 for a lap every few seconds)
  --laps <n>              past laps served by GET /laps at start (default 3)
  --answer-cap-bytes <n>  2026-01: /packetsBetween answers stop before n bytes
                          (default 1000000, about 100 packets)
  --inject <items>        set packet fields from given moments, for alert tests:
                          ${INJECT_SYNTAX}, comma-separated
                          (or the option repeated). Seconds count the packets'
                          time from the first packet; the value lasts
                          <duration> s, or to the end. Booleans true/false.
                          E.g. --inject 10+8:MotorDetails0.HeatsinkTemperature=90
                          --inject 20+3:BatteryFaults.Errors.WeakCellFault=true
  --help                  this text

Events: packet + raceInfo, lapData + lapComplete on each simulated lap (the
car laps at the current finish line), carLatency every 5 s, lapCoords on
connect, carConnect / carDisconnect, ping acknowledged, setLapCoords handled.
REST: GET /laps, GET /drivers, GET /firstAndLastPacket and GET /packetsBetween
(served from the packets sent, in the chosen generation).`;

export type CliResult = { help: true } | { help: false; options: FeedServerOptions };

function number(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`--${name} must be a number from ${min} to ${max} (got "${text}")`);
  return value;
}

export function parseCli(argv: string[]): CliResult {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      rate: { type: "string" },
      seed: { type: "string" },
      malformed: { type: "string" },
      "disconnect-every": { type: "string" },
      "car-dropout": { type: "string" },
      password: { type: "string" },
      "finish-password": { type: "string" },
      generation: { type: "string" },
      laps: { type: "string" },
      speedup: { type: "string" },
      "answer-cap-bytes": { type: "string" },
      inject: { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) return { help: true };
  const options: FeedServerOptions = {};
  const set = <K extends keyof FeedServerOptions>(
    key: K,
    value: FeedServerOptions[K] | undefined,
  ) => {
    if (value !== undefined) options[key] = value;
  };
  set("port", number("port", values.port, 0, 65535));
  set("host", values.host);
  set("rate", number("rate", values.rate, 1, MAX_RATE));
  set("seed", number("seed", values.seed, 0, 2 ** 32));
  set("malformed", number("malformed", values.malformed, 0, 1));
  set("disconnectEvery", number("disconnect-every", values["disconnect-every"], 0, 86400));
  set("carDropout", number("car-dropout", values["car-dropout"], 0, 86400));
  set("password", values["finish-password"] ?? values.password);
  if (values.generation !== undefined && !isGeneration(values.generation))
    throw new Error(
      `--generation must be one of ${GENERATIONS.join(", ")} (got "${values.generation}")`,
    );
  set("generation", values.generation);
  set("speedup", number("speedup", values.speedup, 0.01, 1000));
  set("seededLaps", number("laps", values.laps, 0, 100));
  set("answerCapBytes", number("answer-cap-bytes", values["answer-cap-bytes"], 1000, 1e9));
  if (values.inject) set("inject", values.inject.flatMap(parseInjections));
  return { help: false, options };
}
