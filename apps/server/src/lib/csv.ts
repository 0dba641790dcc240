/**
 * A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage
 * return before one) gets a leading apostrophe, so the export of addresses people typed in
 * cannot carry a formula into an administrator's spreadsheet (OWASP "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  // RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 text: the header line, then one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
