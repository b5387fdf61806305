/**
 * CSV for German Excel: UTF-8 with BOM, comma-separated as the spec's header shows, CRLF lines,
 * and cells that a spreadsheet would run as a formula (= + - @ tab CR) prefixed with '.
 */
export function csvCell(value: string): string {
  const neutralised = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(neutralised) ? `"${neutralised.replace(/"/g, '""')}"` : neutralised;
}

export function toCsv(rows: string[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** YYYY-MM-DD in German time, or "Unbekannt". */
export function isoDay(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return "Unbekannt";
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(date);
}
