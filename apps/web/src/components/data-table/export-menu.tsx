import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import type { ExportColumn, ExportFormat, ExportOptions } from '@/lib/export/export-columns';
import { errorMessage } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';

/** What the table exports when the menu is used: its shown rows and, by default, its data columns. */
export type ExportSnapshot<T> = { rows: T[]; columns: ExportColumn<T>[] };

export type ExportMenuProps<T> = {
  /** The table's rows and default columns at the moment of the export. */
  snapshot: () => ExportSnapshot<T> | null;
  /** The file name, columns and (server mode) every row; without it the table's own columns and rows. */
  options?: ExportOptions<T>;
  /** The default file name (the table's accessible name). */
  defaultFileName: string;
};

const EXPORT_FAILED = 'The export could not be made. Please try again.';

/**
 * The toolbar's 'Export' button and its menu: CSV or Excel (.xlsx). The writers are a dynamic import, so
 * the list screens do not download them until someone exports.
 */
export function ExportMenu<T>({ snapshot, options, defaultFileName }: ExportMenuProps<T>) {
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const shown = snapshot();
      const [{ exportRows }, rows] = await Promise.all([
        import('@/lib/export/export-rows'),
        options?.loadRows ? options.loadRows() : Promise.resolve(shown?.rows ?? []),
      ]);
      await exportRows({
        fileName: options?.fileName ?? defaultFileName,
        format,
        columns: options?.columnsFor?.(rows) ?? options?.columns ?? shown?.columns ?? [],
        rows,
      });
    } catch (error) {
      notifyError({ title: 'Export failed', message: errorMessage(error, EXPORT_FAILED) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={busy}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileText size={16} aria-hidden />} onClick={() => void run('csv')}>
          CSV
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={() => void run('xlsx')}
        >
          Excel (.xlsx)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
