import type { ReactNode } from 'react';
import { CloseButton, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import classes from './data-table.module.css';

type DataTableToolbarProps = {
  search: string;
  onSearchChange: (value: string) => void;
  toolbar?: ReactNode;
  /** The 'Export' menu, after the screen's buttons. */
  exportMenu?: ReactNode;
};

export function DataTableToolbar({ search, onSearchChange, toolbar, exportMenu }: DataTableToolbarProps) {
  return (
    <Group justify="space-between" gap="sm" className={classes.toolbar}>
      <TextInput
        w={250}
        maw="100%"
        placeholder="Search..."
        aria-label="Search records"
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          search ? (
            <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearchChange('')} />
          ) : null
        }
      />
      <Group gap="sm">
        {toolbar}
        {exportMenu}
      </Group>
    </Group>
  );
}
