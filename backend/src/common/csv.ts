/**
 * A spreadsheet cell: quoted (so commas, quotes and newlines stay inside it), and never read as a
 * formula: a cell starting with = + - @ (or a tab or carriage return, which some spreadsheets skip
 * before one) gets a leading '.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** One CSV line (RFC 4180: cells separated by commas, the line ended by CRLF). */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
