import type { ReactNode } from 'react';
import { Button, CloseButton, Group, TextInput } from '@mantine/core';
import { IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import classes from './data-table.module.css';

type DataTableToolbarProps = {
  search: string;
  onSearchChange: (value: string) => void;
  toolbar?: ReactNode;
  onExport?: () => void;
};

export function DataTableToolbar({ search, onSearchChange, toolbar, onExport }: DataTableToolbarProps) {
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
        {onExport && (
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={onExport}
          >
            Export
          </Button>
        )}
      </Group>
    </Group>
  );
}
