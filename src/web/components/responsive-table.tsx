import {
  Box,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  type MantineFontSize,
} from '@mantine/core';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { usePhone } from '../lib/use-phone';

export interface TableColumn<Row> {
  /** The column's heading, and the label of the value on a phone's card. */
  label: string;
  /** Tells columns apart when labels may repeat (user data as headings); default the label. */
  key?: string;
  cell: (row: Row) => ReactNode;
  /** Short values (dates, amounts, "Visa •••• 4242") stay on one line. */
  nowrap?: boolean;
}

interface Props<Row> {
  /** Names the table, or the list of cards on a phone, for screen readers. */
  label: string;
  /** A caption for screen readers (what the table holds), where a name alone says too little. */
  caption?: string;
  /** The first column names its row (a day, a site): its cells are row headings. */
  rowHeader?: boolean;
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** The table's narrowest width; a narrower box scrolls it sideways. */
  minWidth: number;
  size?: MantineFontSize;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const WRAP = { overflowWrap: 'anywhere' } as const;

/**
 * A table on wide screens and, on a phone, one card per row with each value under its column's
 * label: a table cut at 390 px hides columns and headings with no hint that it scrolls. The
 * dashboard's keywords do the same with cards of their own (AlertsOverview).
 */
export function ResponsiveTable<Row>(props: Props<Row>) {
  return usePhone() ? <StackedRows {...props} /> : <ScrollingTable {...props} />;
}

function StackedRows<Row>({ label, columns, rows, rowKey, size = 'sm' }: Props<Row>) {
  return (
    <Stack
      gap="xs"
      role="list"
      aria-label={label}
      data-stacked-table={columns.map((column) => column.label).join('|')}
    >
      {rows.map((row) => (
        <Paper key={rowKey(row)} withBorder p="sm" radius="md" role="listitem" data-stacked-row>
          <Box
            component="dl"
            m={0}
            style={{
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr)',
              alignItems: 'baseline',
              gap: '6px 12px',
            }}
          >
            {columns.map((column) => (
              <Box key={column.key ?? column.label} display="contents">
                <Text component="dt" size="xs" c="dimmed" style={NOWRAP}>
                  {column.label}
                </Text>
                <Box component="dd" m={0} fz={size} style={column.nowrap ? NOWRAP : WRAP}>
                  {column.cell(row)}
                </Box>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

function ScrollingTable<Row>(props: Props<Row>) {
  const { label, caption, rowHeader, columns, rows, rowKey, minWidth, size = 'sm' } = props;
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  return (
    <Table.ScrollContainer
      ref={box}
      type="native"
      minWidth={minWidth}
      // Scrolled by the keyboard too, when it scrolls (WCAG 2.1.1): a focusable, named region.
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls)` } : {})}
    >
      <Table fz={size} verticalSpacing={size === 'xs' ? 4 : 'sm'} aria-label={label}>
        {caption && (
          <VisuallyHidden component="caption" style={{ captionSide: 'top' }}>
            {caption}
          </VisuallyHidden>
        )}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key ?? column.label} scope="col" style={NOWRAP}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column, i) => {
                const Cell = rowHeader && i === 0 ? RowHeading : Table.Td;
                return (
                  <Cell key={column.key ?? column.label} style={column.nowrap ? NOWRAP : WRAP}>
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row's first cell when it names the row (a day, a site): a heading for its row's cells. */
function RowHeading(props: { style: React.CSSProperties; children: ReactNode }) {
  return <Table.Th scope="row" fw="normal" {...props} />;
}

/** Whether the element is narrower than its content (it scrolls sideways), kept up to date. */
function useScrollsSideways(ref: React.RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
