// File sizes in the words the dashboard uses everywhere (Settings' storage
// figures, the Sessions list): binary units, 1 MB = 1024 × 1024 bytes. The
// CSV import's limit, its message and the docs read the same number this way.
const MB = 1024 * 1024;
const GB = 1024 * MB;

/** "256 MB", "1.5 GB"; below 10 MB with one decimal ("3.4 MB"). */
export function formatMegabytes(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  const mb = bytes / MB;
  return mb < 10 ? `${mb.toFixed(1)} MB` : `${Math.round(mb)} MB`;
}
