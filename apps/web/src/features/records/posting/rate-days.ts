import { useMemo } from 'react';
import dayjs from 'dayjs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { noRateMessage, RATE_DAYS_MAX, type CurrencyRateDays } from '@ff/contract/plain';
import { api } from '@/lib/api-client';

/**
 * SAP's exchange rates of a record's currency (`GET /api/v1/currency-rates`, issue 25), for its posting-date
 * picker: a day SAP has no rate for is refused on post, so the picker disables it with the server's own sentence.
 * Asked only when a picker opens (never by the look-alike buttons), kept 30 s (as the server keeps a missing day
 * for this reader). While loading, or when SAP cannot be asked (503), nothing is disabled: the post still is.
 */
export const rateDaysQueryOptions = (currency: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['currency-rates', currency, from, to] as const,
    queryFn: async () =>
      (await api.get<{ data: CurrencyRateDays }>('/currency-rates', { params: { currency, from, to } })).data
        .data,
    staleTime: 30_000,
    retry: 1,
  });

/**
 * The days a picker asks about: from the row's earliest posting day ('yyyy-MM-dd...', its document date) or
 * RATE_DAYS_MAX days back, whichever is later, to today (days before that are not checked here).
 */
export function rateDaysRange(documentDate: string, now: Date = new Date()): { from: string; to: string } {
  const to = dayjs(now).format('YYYY-MM-DD');
  const earliest = dayjs(now)
    .subtract(RATE_DAYS_MAX - 1, 'day')
    .format('YYYY-MM-DD');
  const documentDay = documentDate.slice(0, 10);
  return { from: documentDay > earliest ? documentDay : earliest, to };
}

/**
 * Day ('YYYY-MM-DD', the calendar's own form) -> why it takes no posting in this currency ("No USD rate for
 * 2026-11-27 in SAP: enter it in SAP's exchange rates first."), or null. Built once per answer.
 */
export function noRateTitles(answer: CurrencyRateDays | undefined) {
  const missing = new Set(
    answer && !answer.local ? answer.days.filter((d) => d.rate === null).map((d) => d.day) : [],
  );
  if (!answer || !missing.size) return () => null;
  return (day: string): string | null =>
    missing.has(day.slice(0, 10)) ? noRateMessage(answer.currency, day.slice(0, 10)) : null;
}

/** The titles of `currency`'s days without a rate in SAP, for an open picker; none without a currency. */
export function useNoRateTitles(currency: string | null | undefined, documentDate: string) {
  const { from, to } = rateDaysRange(documentDate);
  const enabled = Boolean(currency) && from <= to;
  const { data } = useQuery({ ...rateDaysQueryOptions(currency ?? '', from, to), enabled });
  const answer = enabled ? data : undefined;
  return useMemo(() => noRateTitles(answer), [answer]);
}
