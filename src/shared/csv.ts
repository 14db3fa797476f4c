/**
 * CSV as RFC 4180 has it (CRLF line ends, fields with a quote, comma or line break quoted,
 * quotes doubled), safe to open in a spreadsheet: a text cell starting with =, +, -, @, tab or
 * carriage return would be read as a formula, so it gets a leading apostrophe (OWASP's advice).
 * One rule for the server's mention export and the tables the browser exports itself.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean;

export function csvCell(value: CsvValue): string {
  if (typeof value !== 'string') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRow = (values: CsvValue[]) => values.map(csvCell).join(',') + '\r\n';

/** A heading row and the rows under it, each line ended with CRLF. */
export const toCsv = (header: string[], rows: CsvValue[][]) =>
  [header, ...rows].map(csvRow).join('');
