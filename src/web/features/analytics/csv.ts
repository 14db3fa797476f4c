export { toCsv, type CsvValue } from '@shared/csv';

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
