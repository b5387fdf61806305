/** "27.11.2026, 03:00" in German time, as the admin shows times. */
export const berlinTime = (at: Date | string) =>
  new Date(at).toLocaleString("de-DE", {
    timeZone: "Europe/Berlin",
    dateStyle: "medium",
    timeStyle: "short",
  });

/** "1,4 MB" */
export function fileSize(bytes: number): string {
  const units = ["Byte", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString("de-DE", { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${units[unit]}`;
}
