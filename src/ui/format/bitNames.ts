// A bit field's value as the names of its set bits (pure): the motor
// controllers' ErrorFlags and LimitFlags read "motor current limit" rather
// than "2". Bits the table does not name are shown by number.

export function bitFieldText(value: number, bits: readonly string[]): string {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) return String(value);
  if (value === 0) return "none";
  const names: string[] = [];
  for (let bit = 0; bit < 32; bit++) {
    if (Math.floor(value / 2 ** bit) % 2 === 1) names.push(bits[bit] || `bit ${bit}`);
  }
  return names.join(", ");
}
