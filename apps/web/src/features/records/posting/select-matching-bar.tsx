import { Button, Group, Loader, Text } from '@mantine/core';
import type { SelectMatchingState } from './use-select-matching';

const count = new Intl.NumberFormat('en-US');

/** 'Select all 1,250 matching records'. */
export const selectAllMatchingLabel = (total: number) => `Select all ${count.format(total)} matching records`;
/** Clears every selected row, on every page. */
export const CLEAR_SELECTION_LABEL = 'Clear selection';

/** What the bar shows, from the list's paging, selection and the matching rows' load. */
export type SelectMatchingBarProps = {
  state: SelectMatchingState;
  /** Rows matching the list's filter and search, on every page. */
  total: number;
  /** Offer to select them all: every selectable row of the page is selected and other pages hold more. */
  offer: boolean;
  onSelectAll: () => void;
  onCancel: () => void;
  /** Some selected rows are not on this page (other pages, or hidden by the search). */
  clearable: boolean;
  onClear: () => void;
  /** While a post runs. */
  disabled: boolean;
};

/**
 * Beside the post button: 'Select all N matching records' once the whole page is selected, its progress
 * with Cancel while the rows load, and 'Clear selection' while selected rows lie beyond the page.
 */
export function SelectMatchingBar(props: SelectMatchingBarProps) {
  const { state } = props;
  if (state.status === 'loading') {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed" aria-live="polite">
          {`Loading ${count.format(state.loaded)} of ${count.format(state.total)} matching records...`}
        </Text>
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs">
      {props.offer && (
        <Button variant="light" onClick={props.onSelectAll} disabled={props.disabled}>
          {selectAllMatchingLabel(props.total)}
        </Button>
      )}
      {props.clearable && (
        <Button variant="subtle" onClick={props.onClear} disabled={props.disabled}>
          {CLEAR_SELECTION_LABEL}
        </Button>
      )}
    </Group>
  );
}
