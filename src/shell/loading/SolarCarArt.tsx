// Our own artwork for the loading screen: a sun and a three-wheeled solar car
// whose top is one big panel of cells. Animation lives in loading.css.

const CELL_COLUMNS = 10;
const CELL_ROWS = 2;

function SolarCells() {
  const cells = [];
  for (let row = 0; row < CELL_ROWS; row++) {
    for (let col = 0; col < CELL_COLUMNS; col++) {
      cells.push(
        <rect
          key={`${row}-${col}`}
          x={62 + col * 19}
          y={52 + row * 11 - (col > 6 ? (col - 6) * 1.5 : 0)}
          width={17}
          height={9}
          rx={1}
          className="helios-cell"
        />,
      );
    }
  }
  return <g>{cells}</g>;
}

function Wheel({ cx }: { cx: number }) {
  return (
    <g className="helios-wheel">
      <circle cx={cx} cy={98} r={13} className="helios-tyre" />
      <circle cx={cx} cy={98} r={6} className="helios-hub" />
      <path d={`M${cx - 9} 98 H${cx + 9} M${cx} 89 V107`} className="helios-spoke" />
    </g>
  );
}

export function SunArt() {
  const rays = Array.from({ length: 12 }, (_, i) => (
    <rect key={i} x={-3} y={-58} width={6} height={16} rx={3} transform={`rotate(${i * 30})`} />
  ));
  return (
    <svg className="helios-sun" viewBox="-64 -64 128 128" aria-hidden="true">
      <g className="helios-sun-rays">{rays}</g>
      <circle r={34} className="helios-sun-disc" />
    </svg>
  );
}

export function SolarCarArt() {
  return (
    <svg className="helios-car" viewBox="0 0 300 120" aria-label="Helios solar car">
      <ellipse cx={150} cy={112} rx={120} ry={5} className="helios-car-shadow" />
      {/* Body: a long flat wing-like shell, nose to the right. */}
      <path
        d="M20 92 C24 70 48 56 80 50 L230 44 C262 44 284 60 292 84 L294 92 C294 96 290 98 286 98 L28 98 C22 98 19 96 20 92 Z"
        className="helios-body"
      />
      <SolarCells />
      {/* Driver's canopy bubble. */}
      <path d="M196 48 C204 30 236 28 248 44 Z" className="helios-canopy" />
      <path d="M28 88 H286" className="helios-stripe" />
      <Wheel cx={64} />
      <Wheel cx={236} />
      <Wheel cx={262} />
    </svg>
  );
}
