import { Checkbox } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { markupShape } from '@/test/markup-shape';
import { renderWithMantine } from '@/test/render';
import { RowCheckbox } from './row-checkbox';

function shapes(checked: boolean, disabled: boolean) {
  const mantine = renderWithMantine(
    <div data-testid="mantine">
      <Checkbox
        size="xs"
        aria-label="Select row 1"
        checked={checked}
        disabled={disabled}
        onChange={() => undefined}
      />
    </div>,
  );
  const light = renderWithMantine(
    <div data-testid="light">
      <RowCheckbox
        aria-label="Select row 1"
        checked={checked}
        disabled={disabled}
        onChange={() => undefined}
      />
    </div>,
  );
  const reference = screen.getByTestId('mantine').firstElementChild!;
  const candidate = screen.getByTestId('light').firstElementChild!;
  // Both are the whole checkbox (root, body, inner, input, icon, label wrapper), not an empty element.
  expect(reference.querySelectorAll('div, input, svg, path')).toHaveLength(6);
  const result = [markupShape(reference), markupShape(candidate)];
  mantine.unmount();
  light.unmount();
  return result;
}

describe('RowCheckbox', () => {
  it.each([
    [false, false],
    [true, false],
    [false, true],
  ])("looks like Mantine's xs Checkbox (checked %s, disabled %s)", (checked, disabled) => {
    const [reference, candidate] = shapes(checked, disabled);
    expect(candidate).toBe(reference);
  });

  it('is a labelled checkbox that reports a click and refuses it when disabled', async () => {
    const onChange = vi.fn();
    const { rerender } = renderWithMantine(
      <RowCheckbox
        aria-label="Select row 7"
        checked={false}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Select row 7' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await act(async () => fireEvent.click(box));
    expect(onChange).toHaveBeenCalledWith(true);

    rerender(<RowCheckbox aria-label="Select row 7" checked disabled onChange={onChange} />);
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
  });
});
