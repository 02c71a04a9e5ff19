// `npm run feed`: start the feed server from the command line (see --help).
import { FeedServer } from "./FeedServer";
import { HELP, parseCli } from "./options";

async function main(): Promise<void> {
  let cli;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error("Try --help.");
    process.exit(2);
  }
  if (cli.help) {
    console.log(HELP);
    return;
  }
  const server = await FeedServer.start(cli.options);
  const o = server.options;
  console.log(
    `Helios feed server (dev/test/benchmark tool, not the backend) on ${server.url}: ` +
      `${o.rate} packets/s, malformed ${o.malformed}, generation ${o.generation}, GET /laps`,
  );
  for (const { atSeconds, forSeconds, field, value } of o.inject)
    console.log(
      `inject ${field} = ${JSON.stringify(value)} from ${atSeconds} s` +
        (forSeconds === undefined ? "" : ` for ${forSeconds} s`) +
        " of packet time",
    );
  let lastSent = 0;
  const status = setInterval(() => {
    const rate = (server.sent - lastSent) / 5;
    lastSent = server.sent;
    console.log(
      `sent ${server.sent} packets (${rate.toFixed(0)}/s, ${server.malformedSent} malformed), ` +
        `${server.clients} clients, ${server.laps.length} laps, car ${server.carConnected ? "up" : "down"}`,
    );
  }, 5000);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(status);
    console.log(`${signal}: stopping`);
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
