// Which items of a long list are in view, for a list that puts only those in
// the page (VirtualList.tsx). Items have heights known beforehand (a kind of
// item, a height), so where each lies is a running sum, and the items in view
// are found by binary search: a list of 5,000 alert rules put whole into the
// page once held the main thread for 2.7 s (issue 58).

/** Each item's top, and the total height last: `offsets[i]` is item i's top, `offsets[n]` the end. */
export function itemOffsets(count: number, heightOf: (index: number) => number): Float64Array {
  const offsets = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i]! + heightOf(i);
  return offsets;
}

/** The first item whose bottom is below `y` (count when none). */
function firstEndingBelow(offsets: Float64Array, y: number): number {
  let lo = 0;
  let hi = offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (offsets[mid + 1]! > y) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Items [first, end) that meet the band [top, bottom) widened by `margin` each way. */
export function itemsInView(
  offsets: Float64Array,
  top: number,
  bottom: number,
  margin: number,
): [number, number] {
  const count = offsets.length - 1;
  const first = firstEndingBelow(offsets, Math.max(0, top - margin));
  let end = first;
  while (end < count && offsets[end]! < bottom + margin) end++;
  return [first, end];
}
