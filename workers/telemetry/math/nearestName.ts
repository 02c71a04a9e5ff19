// "Did you mean": the known name closest to one a user mistyped, by edit
// distance ignoring case, by what it begins with, or by the part after the
// last dot (PackCurrent for Battery.PackCurrent). Nothing when no name is reasonably close.

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(d);
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

const lastPart = (name: string): string => name.slice(name.lastIndexOf(".") + 1).toLowerCase();

export function nearestName(written: string, known: readonly string[]): string | undefined {
  const target = written.toLowerCase();
  const limit = Math.max(2, Math.ceil(target.length * 0.4));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const name of known) {
    const d = editDistance(target, name.toLowerCase(), Math.min(limit, bestDistance));
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  if (best !== undefined) return best;
  // A name cut short (B3.BrakeSwitch for B3.BrakeSwitchDigital): the shortest it begins.
  const longer = known.filter((name) => name.toLowerCase().startsWith(target));
  if (longer.length > 0) return longer.reduce((a, b) => (b.length < a.length ? b : a));
  const tail = lastPart(written);
  return known.find((name) => lastPart(name) === tail);
}
