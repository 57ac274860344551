import type { ReactNode } from 'react';
import { Table, VisuallyHidden, type TableProps } from '@mantine/core';

/** The header of a column of row buttons: read out to screen readers, not shown. */
export const ACTIONS_HEADER = <VisuallyHidden>Actions</VisuallyHidden>;

export type ScrollTableProps = Omit<TableProps, 'children'> & {
  /** Below this width the table scrolls sideways rather than squeezing its columns. */
  minWidth: number;
  /** The header row, one cell per column. */
  headers: ReactNode[];
  /** The rows (`Table.Tr`). */
  children: ReactNode;
};

/** A small table of a screen's own (not the list table): a header row over the rows, scrolling sideways. */
export function ScrollTable({ minWidth, headers, children, ...tableProps }: ScrollTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={index}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
