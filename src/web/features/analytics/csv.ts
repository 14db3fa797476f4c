/**
 * CSV as RFC 4180 has it (CRLF line ends, fields with a quote, comma or line break quoted,
 * quotes doubled), safe to open in a spreadsheet: a text cell starting with =, +, -, @, tab or
 * carriage return would be read as a formula, so it gets a leading apostrophe (OWASP's advice).
 * The same rules as the server's mention export (src/server/mentions/csv.ts), written here for
 * the tables the browser exports itself.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number;

export function csvCell(value: CsvValue): string {
  if (typeof value !== 'string') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A heading row and the rows under it, each line ended with CRLF. */
export const toCsv = (header: string[], rows: CsvValue[][]) =>
  [header, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('');

/** "earshot-analytics-per-day-30d.csv": the table and the period, for a folder of exports. */
export const csvFilename = (table: string, days: number) =>
  `earshot-analytics-${table}-${days}d.csv`;

// Excel reads a CSV file as UTF-8 only when it starts with a byte order mark (as the server's).
const BOM = '\ufeff';

/** Saves `csv` as a download named `filename`, made in the browser (nothing is sent). */
export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([BOM, csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
