// Which scale and axis each series uses. Series with the first unit share the
// left axis, the second unit gets the right axis; further units get their own
// unlabelled scales (still readable in the legend) rather than lying on an
// axis of another unit.

interface SeriesScale {
  scale: string;
  /** Axis side when this scale has a visible axis: 3 = left, 1 = right. */
  side: 3 | 1 | null;
}

interface AxisPlan {
  /** Per series (same order as the fields). */
  series: SeriesScale[];
  /** Visible y axes in order: left first. */
  axes: { scale: string; unit: string; side: 3 | 1 }[];
  /** Scales whose series are all boolean: fixed 0..1 range. */
  booleanScales: string[];
}

interface SeriesKind {
  unit: string;
  boolean: boolean;
}

export function planAxes(kinds: SeriesKind[]): AxisPlan {
  const scaleOfUnit = new Map<string, string>();
  const allBoolean = new Map<string, boolean>();
  const series: SeriesScale[] = [];
  const axes: AxisPlan["axes"] = [];
  for (const kind of kinds) {
    let scale = scaleOfUnit.get(kind.unit);
    if (!scale) {
      const n = scaleOfUnit.size;
      scale = n === 0 ? "y" : `y${n + 1}`;
      scaleOfUnit.set(kind.unit, scale);
      if (n < 2) axes.push({ scale, unit: kind.unit, side: n === 0 ? 3 : 1 });
    }
    allBoolean.set(scale, (allBoolean.get(scale) ?? true) && kind.boolean);
    const axis = axes.find((a) => a.scale === scale);
    series.push({ scale, side: axis ? axis.side : null });
  }
  const booleanScales = [...allBoolean].filter(([, b]) => b).map(([scale]) => scale);
  return { series, axes, booleanScales };
}
