import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ResponsiveTable, type TableColumn } from '../../../components/responsive-table';
import { headingText } from '../analytics-series';
import { tableCsv, type ReportTable as Table } from '../analytics-tables';
import { csvFilename, downloadCsv } from '../csv';

/**
 * A report table: a table on wide screens, a card per row on a phone. `caption` says what the
 * table holds and over which period, for screen readers.
 */
export function ReportTable<Row>({ table, caption }: { table: Table<Row>; caption: string }) {
  const columns: TableColumn<Row>[] = table.columns.map((column) => ({
    key: column.key,
    // Keywords are headings here: a long query is cut (the legend and the CSV keep it whole).
    label: headingText(column.label),
    cell: (row) => (column.text ?? column.value)(row),
    nowrap: column.key !== table.columns[0].key,
  }));
  return (
    <ResponsiveTable
      label={table.label}
      caption={caption}
      rowHeader
      columns={columns}
      rows={table.rows}
      rowKey={table.rowKey}
      minWidth={Math.min(640, 160 + 110 * (columns.length - 1))}
    />
  );
}

/** Downloads the table as it is shown, as CSV made in the browser. */
export function ExportCsvButton<Row>({ table, days }: { table: Table<Row>; days: number }) {
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={`Export CSV: ${table.label}`}
      onClick={() => downloadCsv(csvFilename(table.name, days), tableCsv(table))}
    >
      Export CSV
    </Button>
  );
}
