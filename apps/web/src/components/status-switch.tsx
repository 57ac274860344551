import type { ReactNode } from 'react';
import { Group, Loader, Switch } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { errorMessage } from '@/lib/error-message';
import type { ExportColumn, ExportOptions } from '@/lib/export/export-columns';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { ToggleStatusInput } from '@/lib/toggle-status';

type Toggleable = { id: number; name: string; isActive: boolean };

export type StatusSwitchOptions = {
  /** The status mutation hook (`patchStatus`); the switch stays locked while it is pending. */
  useToggle: () => UseMutationResult<unknown, Error, ToggleStatusInput>;
  /** The toasts after the PATCH. */
  messages: { updated: string; failed: string };
};

/** The Actions cell of the users and roles lists: Active / Disabled, one PATCH per click. */
export function StatusSwitch({ record, useToggle, messages }: StatusSwitchOptions & { record: Toggleable }) {
  const toggle = useToggle();
  const onChange = (checked: boolean) =>
    toggle.mutate(
      { id: record.id, toggleStatus: checked },
      {
        onSuccess: () => notifySuccess({ message: messages.updated }),
        onError: (error) => notifyError({ message: errorMessage(error, messages.failed) }),
      },
    );

  return (
    <Switch
      checked={record.isActive}
      onChange={(event) => onChange(event.currentTarget.checked)}
      disabled={toggle.isPending}
      aria-busy={toggle.isPending}
      thumbIcon={toggle.isPending ? <Loader size={10} /> : undefined}
      label={record.isActive ? 'Active' : 'Disabled'}
      aria-label={`Toggle status of ${record.name}`}
    />
  );
}

type Created = { createdAt: string; createdBy: string };

/**
 * The last columns of the users and roles lists: Created At, Created By and Actions (the status switch, then
 * the row's own actions, e.g. its menu).
 */
export function createdAndStatusColumns<T extends Toggleable & Created>({
  rowActions,
  ...options
}: StatusSwitchOptions & { rowActions: (record: T) => ReactNode }): ColumnDef<T, any>[] {
  return [
    {
      accessorKey: 'createdAt',
      header: 'Created At',
      cell: (info) => formatDateTime(info.getValue() as string),
    },
    { accessorKey: 'createdBy', header: 'Created By' },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          <StatusSwitch record={row.original} {...options} />
          {rowActions(row.original)}
        </Group>
      ),
    },
  ];
}

/**
 * The Export menu of the users and roles lists: the id as a number, the list's own `columns`, then the same
 * last columns (Created At, Created By, and the status as its label).
 */
export function statusListExport<T extends Toggleable & Created>(
  fileName: string,
  columns: ExportColumn<T>[],
): ExportOptions<T> {
  return {
    fileName,
    columns: [
      { header: 'ID', type: 'number', value: (record) => record.id },
      ...columns,
      { header: 'Created At', type: 'datetime', value: (record) => record.createdAt },
      { header: 'Created By', value: (record) => record.createdBy },
      { header: 'Status', value: (record) => (record.isActive ? 'Active' : 'Disabled') },
    ],
  };
}
