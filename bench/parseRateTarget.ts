// --parse-rate <packets/s>: the slower machine named by what it does rather
// than by a share of a core. These VMs differ in speed from one session to the
// next (the page's JSON.parse of the real packet ran at 40,000-89,000/s), so
// one --cpu-share is a different machine on each: 0.44 gave 25,000/s on one
// and 38,000/s on another. This picks the busy loops' nice gap (see
// slowMachine.ts) whose page parses nearest the asked rate, e.g. the issue's
// slow machine (18,600/s), measured on a blank page before the run.
import { PipeBrowser } from "./pipeBrowser";
import { parseRate } from "./browserPage";
import { median, PACKET_TEXT } from "./browserRun";
import { startSlowMachineAtGap } from "./slowMachine";

/** One measurement: the busy loops this many nice levels above Chromium (0: none), and the rate. */
export interface ParseProbe {
  niceGap: number;
  pps: number;
}

/** The largest nice gap (slowMachine.ts's weights go to nice 19). */
export const MAX_NICE_GAP = 19;

/**
 * The nice gap whose JSON.parse rate is nearest `target` (by ratio), or null
 * when the unhindered machine is nearest (already as slow). `measure(gap)`
 * gives the rate at a gap; the rate falls as the gap grows, so a bisection
 * finds the first gap at or below the target, then the nearer of it and the
 * gap before. Every measurement made is appended to `probes`.
 */
export async function gapForParseRate(
  target: number,
  measure: (niceGap: number) => Promise<number>,
  probes: ParseProbe[] = [],
): Promise<number | null> {
  if (!(target > 0))
    throw new Error(`--parse-rate must be a positive number of packets a second (got ${target})`);
  const at = async (niceGap: number) => {
    const known = probes.find((p) => p.niceGap === niceGap);
    if (known) return known.pps;
    const pps = await measure(niceGap);
    probes.push({ niceGap, pps });
    return pps;
  };
  if ((await at(0)) <= target) return null;
  let low = 1;
  let high = MAX_NICE_GAP;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if ((await at(middle)) > target) low = middle + 1;
    else high = middle;
  }
  const distance = async (gap: number) => Math.abs(Math.log((await at(gap)) / target));
  const nearer = (await distance(low - 1)) < (await distance(low)) ? low - 1 : low;
  return nearer === 0 ? null : nearer;
}

/** The median JSON.parse rate of the real packet on a blank page, the busy loops `niceGap` above. */
export async function blankPageParseRate(niceGap: number): Promise<number> {
  const slow = niceGap > 0 ? startSlowMachineAtGap(niceGap) : null;
  const browser = await PipeBrowser.launch(slow?.nice);
  try {
    const page = await browser.newPage(800, 600);
    await page.goto("about:blank");
    const rates: number[] = [];
    for (let i = 0; i < 3; i++) rates.push(await page.evaluate(parseRate, PACKET_TEXT));
    return median(rates);
  } finally {
    await browser.close();
    await slow?.stop();
  }
}
