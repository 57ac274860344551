import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  flexRender,
  type Header,
  type SortDirection,
  type Table as TableInstance,
} from '@tanstack/react-table';
import { pinnedCellProps } from './pinning';
import classes from './data-table.module.css';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortIcon({ direction }: { direction: SortDirection | false }) {
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Icon size={14} aria-hidden className={classes.sortIcon} data-active={direction ? true : undefined} />
  );
}

function HeaderCell<T>({ header }: { header: Header<T, unknown> }) {
  const { column } = header;
  const label = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const isLeaf = header.subHeaders.length === 0;
  const sortable = isLeaf && column.getCanSort();
  const direction = column.getIsSorted();
  return (
    <Table.Th
      colSpan={header.colSpan}
      className={classes.th}
      aria-sort={sortable ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
      {...(isLeaf ? pinnedCellProps(column) : {})}
    >
      {sortable ? (
        <UnstyledButton className={classes.sortButton} onClick={column.getToggleSortingHandler()}>
          {label}
          <SortIcon direction={direction} />
        </UnstyledButton>
      ) : (
        label
      )}
    </Table.Th>
  );
}

export function DataTableHead<T>({ table }: { table: TableInstance<T> }) {
  return (
    <Table.Thead>
      {table.getHeaderGroups().map((group) => (
        <Table.Tr key={group.id}>
          {group.headers.map((header) => (
            <HeaderCell key={header.id} header={header} />
          ))}
        </Table.Tr>
      ))}
    </Table.Thead>
  );
}
