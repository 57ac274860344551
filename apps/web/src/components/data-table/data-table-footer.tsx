import { Badge, Group, Pagination, Text } from '@mantine/core';
import { selectedText, showingText } from './paging';
import classes from './data-table.module.css';

/** The footer's figures: rows on this page, rows matching the search on every page, selected rows among them. */
export type DataTableFooterProps = {
  rowsOnPage: number;
  filteredTotal: number;
  selectedCount: number;
  pageIndex: number;
  pageCount: number;
  onPageIndexChange: (pageIndex: number) => void;
};

export function DataTableFooter(props: DataTableFooterProps) {
  const selected = selectedText(props.selectedCount, props.filteredTotal);
  return (
    <Group justify="space-between" gap="sm" className={classes.footer}>
      <Group gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {showingText(props.rowsOnPage, props.filteredTotal)}
        </Text>
        {selected && (
          // Dark text: the light variant's yellow text (#e67700 on #fff3bf) reads at 2.7:1, below WCAG AA.
          <Badge
            variant="light"
            color="yellow"
            c="var(--ff-color-yellow-light-text)"
            size="lg"
            radius="sm"
            tt="none"
            fw={500}
          >
            {selected}
          </Badge>
        )}
      </Group>
      {/* Mantine numbers pages from 1; the table's page index starts at 0. */}
      <Pagination
        size="sm"
        total={Math.max(props.pageCount, 1)}
        value={props.pageIndex + 1}
        onChange={(page) => props.onPageIndexChange(page - 1)}
        disabled={props.pageCount <= 1}
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
}
