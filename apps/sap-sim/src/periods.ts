import type { EnumValue } from './entities.js';
import type { EntityRecord } from './records.js';
import type { SimData } from './state.js';

/**
 * Monthly posting periods and their status. A period is open (`ltUnlocked`), locked (`ltLocked`) or in
 * "period closing" (`ltPeriodClosing`); nothing posts into, or is cancelled in, a locked or closing period.
 * One status at a time: locking a closing period locks it, closing a locked one closes it.
 */
export type PeriodStatus = EnumValue<'PeriodStatusEnum'>;

export function periodStatus(data: SimData, period: string): PeriodStatus {
  if (data.lockedPeriods.has(period)) return 'ltLocked';
  if (data.closedPeriods.has(period)) return 'ltPeriodClosing';
  return 'ltUnlocked';
}

export function setPeriodStatus(data: SimData, period: string, status: PeriodStatus): void {
  data.lockedPeriods.delete(period);
  data.closedPeriods.delete(period);
  if (status === 'ltLocked') data.lockedPeriods.add(period);
  if (status === 'ltPeriodClosing') data.closedPeriods.add(period);
}

/** `2026-02` -> `['2026-02-01', '2026-02-28']`. */
export function periodDays(period: string): [string, string] {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return [`${period}-01`, `${period}-${String(lastDay).padStart(2, '0')}`];
}

/** Every defined period as SAP's `FinancePeriod` (dates `yyyy-MM-dd`, rendered per version by the caller). */
export function financePeriods(data: SimData): EntityRecord[] {
  return [...data.periods].sort().map((period, index) => {
    const [first, last] = periodDays(period);
    const status = periodStatus(data, period);
    return {
      AbsoluteEntry: index + 1,
      PeriodCode: period,
      PeriodName: period,
      PostingDateFrom: first,
      PostingDateTo: last,
      ValueDateFrom: first,
      ValueDateTo: last,
      TaxDateFrom: first,
      TaxDateTo: last,
      Locked: status === 'ltLocked' ? 'tYES' : 'tNO',
      PeriodStatus: status,
    };
  });
}
