// The language in brief, beside the expression (the full reference is
// docs/math-channels.md).
const ROWS: [string, string][] = [
  [
    "Fields",
    "as in the packet: Battery.PackCurrent, MotorDetails0.MotorVelocity; other channels by name",
  ],
  ["Arithmetic", "+  −  *  /  %  ( )"],
  ["Comparisons", "<  <=  >  >=  ==  !=   &&  ||  !   c ? a : b"],
  ["Functions", "abs min max sqrt pow exp log round clamp"],
  ["deriv(x) · deriv(x, 5)", "change per second; smoothed over 5 s"],
  ["integ(x)", "integral over hours (W → Wh)"],
  ["avg(x, 30) · lag(x, 5)", "30 s moving average; the value 5 s ago"],
  ["Gaps", "a result that is not a finite number (÷ 0, log of ≤ 0) is a gap, not a value"],
];

export function MathHelp() {
  return (
    <details className="helios-math-help" data-testid="math-help">
      <summary>Operators and functions</summary>
      <table>
        <tbody>
          {ROWS.map(([what, how]) => (
            <tr key={what}>
              <th>{what}</th>
              <td>{how}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="helios-muted">The full reference is in the docs: see docs/math-channels.md.</p>
    </details>
  );
}
