import { NumberInput } from '@mantine/core';
import { compareDecimal, isDecimal, isZeroQuantity, ZERO_QUANTITY_MESSAGE } from './decimal';
import { draftColumn } from './draft-column';
import type { Row, RowName } from './draft-columns';

type InputProps<V> = { value: V; onChange: (value: V) => void; 'aria-label': string };

/**
 * A collected quantity: no negatives, up to 3 decimals, never above `max` (the original quantity, compared
 * exactly on the decimal text). The value stays text so no binary float creeps into the total.
 */
export function QuantityInput({
  value,
  onChange,
  max,
  'aria-label': label,
}: InputProps<string> & { max: string }) {
  return (
    <NumberInput
      size="xs"
      w={110}
      aria-label={label}
      placeholder={`Max ${max}`}
      value={value}
      onChange={(next) => onChange(String(next))}
      allowNegative={false}
      decimalScale={3}
      hideControls
      clampBehavior="none"
      isAllowed={({ value: typed }) => !isDecimal(typed) || compareDecimal(typed, max) <= 0}
      error={isZeroQuantity(value) ? ZERO_QUANTITY_MESSAGE : undefined}
    />
  );
}

/** 'Collected Quantity': above 0 up to the original quantity, 3 decimals at most (fuel, VAS). */
export const collectedQuantityColumn = <
  T extends Row & { originQuantity: string },
  D extends { collectedQuantity: string },
>(
  of: RowName<T>,
) =>
  draftColumn<T, D>({
    id: 'collectedQuantity',
    header: 'Collected Quantity',
    exportType: 'number',
    exportValue: (_row, draft) => draft.collectedQuantity,
    render: (row, draft, setDraft) => (
      <QuantityInput
        aria-label={`Collected quantity ${of(row)}`}
        max={row.originQuantity}
        value={draft.collectedQuantity}
        onChange={(collectedQuantity) => setDraft({ collectedQuantity } as Partial<D>)}
      />
    ),
  });
