import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '@/test/render';
import { PostingDateInput } from './posting-date-input';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LABEL = 'Posting date of trip TRP-1';

describe('PostingDateInput', { timeout: 30_000 }, () => {
  it('shows the value and clears it', async () => {
    const onChange = vi.fn();
    renderWithMantine(
      <PostingDateInput
        aria-label={LABEL}
        documentDate="2025-03-01 08:00:00"
        value={new Date(2025, 2, 5, 14, 7)}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('button', { name: LABEL }).textContent).toBe('05 Mar 2025 14:07');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Clear posting date of trip TRP-1' })),
    );
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('opens the real picker at the first click, bounded by the document date and now', async () => {
    renderWithMantine(
      <PostingDateInput
        aria-label={LABEL}
        documentDate="2025-03-04 08:00:00"
        value={new Date(2025, 2, 5, 14, 7)}
        onChange={() => undefined}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: LABEL })));
    expect(await screen.findByRole('button', { name: 'Confirm posting date' })).toBeTruthy();
    expect((screen.getByRole('button', { name: '3 March 2025' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '4 March 2025' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('marks a value outside the range as an error and shows a placeholder when empty', () => {
    const { rerender } = renderWithMantine(
      <PostingDateInput
        aria-label={LABEL}
        documentDate="2025-03-04 08:00:00"
        value={new Date(2025, 2, 1)}
        onChange={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: LABEL }).getAttribute('aria-invalid')).toBe('true');
    rerender(
      <PostingDateInput
        aria-label={LABEL}
        documentDate="2025-03-04 08:00:00"
        value={null}
        onChange={() => undefined}
      />,
    );
    expect(screen.getByText('Pick date and time')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear posting date of trip TRP-1' })).toBeNull();
  });
});
