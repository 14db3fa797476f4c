import { Box, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ReportTable as Table } from '../analytics-tables';
import { ExportCsvButton, ReportTable } from './report-table';
import { ReportSection } from './report-section';

interface ChartSectionProps<Row> {
  title: string;
  description: ReactNode;
  chart: ReactNode;
  table: Table<Row>;
  caption: string;
  days: number;
}

/**
 * A chart with its figures a click away: "Show as table" swaps in the same data as a table
 * (read by screen readers, copied by anyone), and Export CSV downloads it.
 */
export function ChartSection<Row>({
  title,
  description,
  chart,
  table,
  caption,
  days,
}: ChartSectionProps<Row>) {
  const [asTable, view] = useDisclosure(false);
  return (
    <ReportSection
      title={title}
      description={description}
      actions={
        <>
          <Button
            variant="subtle"
            size="xs"
            leftSection={
              asTable ? <IconChartBar size={14} aria-hidden /> : <IconTable size={14} aria-hidden />
            }
            onClick={view.toggle}
          >
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
          <ExportCsvButton table={table} days={days} />
        </>
      }
    >
      {asTable ? (
        <ReportTable table={table} caption={caption} />
      ) : (
        <Box component="figure" m={0} aria-label={title}>
          {chart}
        </Box>
      )}
    </ReportSection>
  );
}
