import type { SapGateway } from '../../erp/sap-gateway.js';

/** How long SAP's local currency and a rate SAP answered are kept for every post request. */
export const CURRENCY_TTL_MS = 5 * 60_000;
/** The most missing days kept for `keepMissingMs` readers (expired ones are dropped first when it is reached). */
const MISSING_KEPT_MAX = 10_000;

/**
 * SAP's local currency and daily exchange rates, as a post of a record in another currency needs them
 * (issue 25, docs/decisions/024-currencies.md). A post request asks SAP for its days' rates before its claim
 * (`fresh`), and its documents then use what it read; the queue's jobs use a rate read at most 5 minutes ago. A
 * day SAP has no rate for is asked again every time, so a rate entered in SAP a moment ago is used at the next
 * post; only a reader that asks for it (`keepMissingMs`: the posting-date picker's `GET /api/v1/currency-rates`)
 * is answered a missing day from memory for that long. A failure to ask is thrown (SapPostingFailure): the
 * caller decides what a post does without the answer.
 */
export function createCurrencyRates(deps: { sap: () => SapGateway; ttlMs?: number; now?: () => number }) {
  const ttlMs = deps.ttlMs ?? CURRENCY_TTL_MS;
  const now = deps.now ?? Date.now;
  let local: { value: Promise<string>; until: number } | null = null;
  // The last local currency SAP answered, kept beyond the TTL for readers that must not wait on SAP.
  let lastLocal: string | null = null;
  const rates = new Map<string, { value: string; until: number }>();
  // Days SAP had no rate for, kept only for readers that pass `keepMissingMs`: key -> until.
  const missing = new Map<string, number>();
  const keepMissing = (key: string, until: number) => {
    if (missing.size >= MISSING_KEPT_MAX) for (const [k, end] of missing) if (now() >= end) missing.delete(k);
    if (missing.size < MISSING_KEPT_MAX) missing.set(key, until);
  };

  return {
    /** SAP's local currency, e.g. 'KES'. */
    local(): Promise<string> {
      if (local && now() < local.until) return local.value;
      const value = deps.sap().localCurrency();
      local = { value, until: now() + ttlMs };
      value.then(
        (code) => (lastLocal = code),
        () => undefined,
      );
      value.catch(() => {
        if (local?.value === value) local = null;
      });
      return value;
    },
    /** The local currency SAP last answered, or null before it has (never asks SAP: the dashboard reads it). */
    known(): string | null {
      return lastLocal;
    },
    /**
     * Local currency per unit of `currency` on `day` ('yyyy-MM-dd'), or null when SAP has none; `fresh` asks SAP
     * whatever is kept (a post request does, before its claim, so its documents use the rate SAP has now).
     * `keepMissingMs` keeps a day SAP has no rate for that long, for callers passing it (other callers still
     * ask SAP about that day every time).
     */
    async rate(
      currency: string,
      day: string,
      options: { fresh?: boolean; keepMissingMs?: number } = {},
    ): Promise<string | null> {
      const key = `${currency}|${day}`;
      if (!options.fresh) {
        const kept = rates.get(key);
        if (kept && now() < kept.until) return kept.value;
        const missingUntil = options.keepMissingMs ? missing.get(key) : undefined;
        if (missingUntil !== undefined && now() < missingUntil) return null;
      }
      const value = await deps.sap().currencyRate(currency, day);
      if (value === null) {
        rates.delete(key);
        if (options.keepMissingMs) keepMissing(key, now() + options.keepMissingMs);
      } else {
        rates.set(key, { value, until: now() + ttlMs });
        missing.delete(key);
      }
      return value;
    },
    /** Forgets what was read (a changed connection, tests). */
    forget(): void {
      local = null;
      rates.clear();
      missing.clear();
    },
  };
}

export type CurrencyRates = Pick<ReturnType<typeof createCurrencyRates>, 'local' | 'rate'>;
