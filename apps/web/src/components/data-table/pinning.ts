import type { CSSProperties } from 'react';
import type { Column } from '@tanstack/react-table';

export type PinnedCellProps = {
  style?: CSSProperties;
  'data-pinned'?: 'left' | 'right';
  'data-pinned-edge'?: true;
};

/**
 * Sticky placement for a pinned column. Pinned columns get a fixed width (the column's `size`, 150 by
 * default) because the sticky offsets are sums of those widths.
 */
export function pinnedCellProps<T>(column: Column<T, unknown>): PinnedCellProps {
  const pinned = column.getIsPinned();
  if (!pinned) return {};
  const width = column.getSize();
  const edge = pinned === 'left' ? column.getIsLastColumn('left') : column.getIsFirstColumn('right');
  return {
    style: {
      position: 'sticky',
      left: pinned === 'left' ? column.getStart('left') : undefined,
      right: pinned === 'right' ? column.getAfter('right') : undefined,
      width,
      minWidth: width,
      maxWidth: width,
    },
    'data-pinned': pinned,
    ...(edge ? { 'data-pinned-edge': true as const } : {}),
  };
}
