import { and, inArray, isNotNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { noRateMessage } from '@ff/contract/plain';
import type { Db } from '../../db/client.js';
import { inForeignCurrency } from '../../erp/foreign-currency.js';
import { PostingRuleError } from '../../erp/posting-rules.js';
import { createPostingDateResolver } from '../../lib/posting-date.js';
import type { KindTable } from '../records/kinds/shared/columns.js';
import type { KindRules, RowRequest } from '../records/kinds/shared/kind-rules.js';
import type { CurrencyRates } from './currency-rates.js';

/** What the currency rules read before a claim: SAP's rates of the foreign-currency rows' days (null: none). */
type Known = { local: string | null; rates: Map<string, string | null> };
type WithKnown<P> = { own: P | undefined; known: Known };
const rateKey = (currency: string, day: string) => `${currency}|${day}`;
type CurrencyRow = { currency?: string | null; documentDate: Date };

/**
 * Every kind's rules, for records that carry a currency other than SAP's local one (issue 25,
 * docs/decisions/024-currencies.md). The kind builds its document in the record's own amounts; this turns it
 * into SAP's foreign-currency document at SAP's rate for the posting date (erp/foreign-currency.ts). A day SAP
 * has no rate for is refused before SAP, in the claim; the rates are read before the claim's transaction, only
 * for rows that carry a foreign currency, so a record without one posts exactly as before (no SAP call more).
 * When SAP cannot be asked then, the row goes on and its document asks again (a failure then leaves it unsent).
 */
export function withCurrencies<Row extends CurrencyRow, I, P>(
  rules: KindRules<Row, I, P>,
  deps: { db: Db; table: KindTable; rates: CurrencyRates; timeZone: string },
): KindRules<Row, I, WithKnown<P>> {
  const table = deps.table as KindTable & { currency: PgColumn };
  const dayOf = (request: RowRequest<I>, row: CurrencyRow) => {
    const date = createPostingDateResolver(deps.timeZone)(request.postingDate, row.documentDate);
    return 'day' in date ? date.day : null;
  };

  async function readKnown(requests: RowRequest<I>[]): Promise<Known> {
    const known: Known = { local: null, rates: new Map() };
    if (!requests.length) return known;
    try {
      const rows = await deps.db
        .select({ id: table.id, currency: table.currency, documentDate: table.documentDate })
        .from(table)
        .where(
          and(
            inArray(
              table.id,
              requests.map((r) => r.id),
            ),
            isNotNull(table.currency),
          ),
        );
      if (!rows.length) return known;
      known.local = await deps.rates.local();
      const byId = new Map(requests.map((r) => [r.id, r]));
      const wanted = new Map<string, { currency: string; day: string }>();
      for (const row of rows as { id: number; currency: string; documentDate: Date }[]) {
        const request = byId.get(row.id);
        const day = request && dayOf(request, row);
        if (day && row.currency !== known.local)
          wanted.set(rateKey(row.currency, day), { currency: row.currency, day });
      }
      await Promise.all(
        [...wanted].map(async ([key, { currency, day }]) =>
          known.rates.set(key, await deps.rates.rate(currency, day, { fresh: true })),
        ),
      );
    } catch {
      // SAP (or the read) failed: the rows go on, and their documents ask SAP again.
    }
    return known;
  }

  const { forbidden, storedInputs } = rules;
  return {
    ...(forbidden ? { forbidden } : {}),
    ...(storedInputs ? { storedInputs } : {}),
    prefetch: async (requests) => ({
      own: await rules.prefetch?.(requests),
      known: await readKnown(requests),
    }),
    ...(rules.prefetchInClaim
      ? {
          prefetchInClaim: async (tx: Db, requests: RowRequest<I>[], prefetched?: WithKnown<P>) => ({
            own: await rules.prefetchInClaim!(tx, requests, prefetched?.own),
            known: prefetched?.known ?? { local: null, rates: new Map() },
          }),
        }
      : {}),
    check(row, request, prefetched) {
      const currency = row.currency;
      const day = currency ? dayOf(request, row) : null;
      if (currency && day && prefetched?.known.rates.get(rateKey(currency, day)) === null)
        return noRateMessage(currency, day);
      return rules.check(row, request, prefetched?.own as P);
    },
    async document(row, request, key) {
      const document = await rules.document(row, request, key);
      const currency = row.currency;
      if (!currency || currency === (await deps.rates.local())) return document;
      const rate = await deps.rates.rate(currency, request.postingDay);
      if (rate === null) throw new PostingRuleError(noRateMessage(currency, request.postingDay));
      return inForeignCurrency(document, currency, rate);
    },
  };
}
