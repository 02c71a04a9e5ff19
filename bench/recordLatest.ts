// Records a section a benchmark has already written to bench/latest/ into
// bench/RESULTS.md, as its --record would have: for runs too long to repeat
// just to record them (bench/compareBuilds.ts's browser comparison takes
// half an hour). The section goes in as the benchmark wrote it.
//   npx tsx bench/recordLatest.ts bench/latest/compared-with-16c175f-browser-no-search.md
import { readFileSync } from "node:fs";
import { recordSection } from "./resultsFile";

const path = process.argv[2];
if (!path) throw new Error("usage: npx tsx bench/recordLatest.ts bench/latest/<section>.md");
const section = readFileSync(path, "utf8");
const heading = section.split("\n", 1)[0]!;
if (!heading.startsWith("## ")) throw new Error(`${path}: does not start with a "## " heading`);
await recordSection(heading, section);
