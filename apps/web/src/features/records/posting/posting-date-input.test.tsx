import { CloseButton, Input } from '@mantine/core';
import { PickerInputBase } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrencyRateDays, PostingPeriod } from '@ff/contract/plain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeCall } from '@/test/fake-api';
import { markupShape } from '@/test/markup-shape';
import { renderWithMantine } from '@/test/render';
import { PostingDateInput } from './posting-date-input';
import { postingPeriodsQueryOptions } from './posting-periods';

/** The real picker reads SAP's posting periods through the query client: these, already loaded. */
function withPeriods(ui: React.ReactNode, periods: PostingPeriod[] = [], client = testClient()) {
  client.setQueryData(postingPeriodsQueryOptions.queryKey, periods);
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}
const testClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

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
      withPeriods(
        <PostingDateInput
          aria-label={LABEL}
          documentDate="2025-03-04 08:00:00"
          value={new Date(2025, 2, 5, 14, 7)}
          onChange={() => undefined}
        />,
      ),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: LABEL })));
    expect(await screen.findByRole('button', { name: 'Confirm posting date' })).toBeTruthy();
    expect((screen.getByRole('button', { name: '3 March 2025' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '4 March 2025' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("disables the days of SAP's locked and closing periods, naming the period", async () => {
    const period = (code: string, status: PostingPeriod['status'], to: string): PostingPeriod => ({
      code,
      name: code,
      from: `${code}-01`,
      to,
      status,
    });
    renderWithMantine(
      withPeriods(
        <PostingDateInput
          aria-label={LABEL}
          documentDate="2025-02-20 08:00:00"
          value={new Date(2025, 2, 5, 14, 7)}
          onChange={() => undefined}
        />,
        [period('2025-02', 'locked', '2025-02-28'), period('2025-03', 'open', '2025-03-31')],
      ),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: LABEL })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Previous month' })));
    const locked = screen.getByRole('button', { name: '25 February 2025' }) as HTMLButtonElement;
    expect(locked.disabled).toBe(true);
    expect(locked.getAttribute('title')).toBe('Posting period 2025-02 is locked in SAP');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next month' })));
    const open = screen.getByRole('button', { name: '5 March 2025' }) as HTMLButtonElement;
    expect(open.disabled).toBe(false);
    expect(open.getAttribute('title')).toBeNull();
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

describe("PostingDateInput of a record in a foreign currency (SAP's exchange rates, issue 25)", () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    vi.useRealTimers();
  });
  /** SAP's USD rates from 1 to 10 March 2025, none on the 5th; `status` 503: SAP cannot be asked. */
  function ratesApi(status = 200) {
    const api = fakeApi((call: FakeCall) => {
      if (call.url !== '/currency-rates') return [404, { message: 'Not Found' }];
      if (status !== 200) return [status, { message: "SAP's exchange rates could not be read." }];
      const days = Array.from({ length: 10 }, (_, i) => {
        const day = `2025-03-${String(i + 1).padStart(2, '0')}`;
        return { day, rate: day === '2025-03-05' ? null : '129.25' };
      });
      const data: CurrencyRateDays = { currency: 'USD', local: false, days };
      return [200, { data }];
    });
    restore = api.restore;
    return api;
  }
  const rateCalls = (calls: FakeCall[]) => calls.filter((call) => call.url === '/currency-rates');
  function renderRow(currency: string | null, client = testClient()) {
    // Today is 10 March 2025: the picker asks about the days from the document date to today.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 10, 12, 0));
    renderWithMantine(
      withPeriods(
        <PostingDateInput
          aria-label={LABEL}
          documentDate="2025-03-01 08:00:00"
          value={new Date(2025, 2, 8, 9, 30)}
          onChange={() => undefined}
          currency={currency}
        />,
        [],
        client,
      ),
    );
    return client;
  }
  const dayButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it("disables the days SAP has no rate for, with the server's sentence; asks only once the picker opens", async () => {
    const api = ratesApi();
    renderRow('USD');
    // The look-alike button asks nothing: a page has 100 of them.
    expect(rateCalls(api.calls)).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: LABEL })));
    await waitFor(() => expect(dayButton('5 March 2025').disabled).toBe(true));
    expect(dayButton('5 March 2025').getAttribute('title')).toBe(
      "No USD rate for 2025-03-05 in SAP: enter it in SAP's exchange rates first.",
    );
    expect(rateCalls(api.calls)).toEqual([
      {
        method: 'get',
        url: '/currency-rates',
        params: { currency: 'USD', from: '2025-03-01', to: '2025-03-10' },
        body: undefined,
      },
    ]);
    const withRate = dayButton('6 March 2025');
    expect(withRate.disabled).toBe(false);
    expect(withRate.getAttribute('title')).toBeNull();
  });

  it('disables nothing when SAP cannot be asked (the server still refuses the post)', async () => {
    const api = ratesApi(503);
    const client = renderRow('USD');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: LABEL })));
    await waitFor(() => expect(rateCalls(api.calls).length).toBeGreaterThan(0));
    await waitFor(
      () =>
        expect(client.getQueryCache().findAll({ queryKey: ['currency-rates'] })[0]?.state.status).toBe(
          'error',
        ),
      { timeout: 5_000 },
    );
    expect(dayButton('5 March 2025').disabled).toBe(false);
    expect(dayButton('5 March 2025').getAttribute('title')).toBeNull();
  });

  it('asks nothing for a record in the local currency (no currency)', async () => {
    const api = ratesApi();
    renderRow(null);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: LABEL })));
    expect(await screen.findByRole('button', { name: 'Confirm posting date' })).toBeTruthy();
    expect(dayButton('5 March 2025').disabled).toBe(false);
    expect(rateCalls(api.calls)).toEqual([]);
  });
});

type Case = { value: Date | null; invalid: boolean; disabled: boolean };

/** What the look-alike stands in for: Mantine's Input as a button, as the picker's own input looks. */
function MantineReference({ value, invalid, disabled }: Case) {
  return (
    <Input
      component="button"
      type="button"
      size="xs"
      w={176}
      multiline
      disabled={disabled}
      error={invalid}
      aria-label={LABEL}
      aria-invalid={invalid || undefined}
      aria-haspopup="dialog"
      title={invalid ? 'The posting date must be between the document date and now.' : undefined}
      classNames={{ input: PickerInputBase.classes.input }}
      leftSection={<IconCalendarTime size={14} aria-hidden />}
      rightSectionPointerEvents="all"
      rightSection={
        value && !disabled ? <CloseButton size="sm" aria-label="Clear posting date of trip TRP-1" /> : null
      }
    >
      {value ? '05 Mar 2025 14:07' : <Input.Placeholder>Pick date and time</Input.Placeholder>}
    </Input>
  );
}

describe('PostingDateInput before its first click', () => {
  it.each<[string, Case]>([
    ['with a value', { value: new Date(2025, 2, 5, 14, 7), invalid: false, disabled: false }],
    ['empty', { value: null, invalid: false, disabled: false }],
    ['out of range', { value: new Date(2025, 2, 5, 14, 7), invalid: true, disabled: false }],
    ['disabled', { value: new Date(2025, 2, 5, 14, 7), invalid: false, disabled: true }],
  ])("looks like Mantine's xs Input (%s)", (_, state) => {
    renderWithMantine(
      <>
        <div data-testid="mantine">
          <MantineReference {...state} />
        </div>
        <div data-testid="light">
          <PostingDateInput
            aria-label={LABEL}
            // 5 March is inside this range; 1 January 2025 is before it.
            documentDate={state.invalid ? '2025-03-06 08:00:00' : '2025-01-01 08:00:00'}
            value={state.value}
            disabled={state.disabled}
            onChange={() => undefined}
          />
        </div>
      </>,
    );
    const reference = screen.getByTestId('mantine').firstElementChild!;
    const candidate = screen.getByTestId('light').firstElementChild!;
    // The whole input under the wrapper: the calendar icon's section, its icon and the button at least.
    expect(reference.querySelectorAll('div, button, svg').length).toBeGreaterThanOrEqual(3);
    expect(markupShape(candidate)).toBe(markupShape(reference));
  });
});
