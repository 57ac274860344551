import { totalsOfAnswer } from './document-totals.js';
import { odataString } from './odata.js';
import { keysQuery, type RANGE_FIELDS, rangeDocument, rangeQuery, refOf } from './sap-range-documents.js';
import { isSapError, type SapError } from './sap-error.js';
import type { ServiceLayerClient } from './service-layer-client.js';
import { SapPostingFailure, type SapGateway, type SapRangeDocument } from './sap-gateway.js';

/** SapError kinds in the posting protocol's words: was the document created, not created, or unknown? */
function toFailure(error: SapError): SapPostingFailure {
  switch (error.kind) {
    case 'business':
      return new SapPostingFailure('refused', error.message, error.code);
    case 'auth':
    case 'unavailable':
      // 'SAP refused the login (...)' or 'SAP could not be reached ...': the erp layer words which it was.
      return new SapPostingFailure('unreachable', error.userMessage, error.code);
    case 'timeout':
    case 'outcome-unknown':
      return new SapPostingFailure(
        'unknown',
        `SAP did not confirm the posting (${error.message.replace(/\.$/, '')}).`,
        error.code,
      );
  }
}

/** The posting engine's view of the one Service Layer client. */
export function sapGatewayFor(client: ServiceLayerClient): SapGateway {
  // --- Reconciliation (issue 11, modules/reconciliation) ---
  async function readDocuments(
    entity: keyof typeof RANGE_FIELDS,
    referenceField: string,
    query: Record<string, string>,
  ): Promise<SapRangeDocument[]> {
    try {
      const rows = await client.getAll<Record<string, unknown>>(entity, query);
      return rows.map((row) => rangeDocument(entity, referenceField, row));
    } catch (error) {
      throw isSapError(error) ? toFailure(error) : error;
    }
  }
  // --- end reconciliation ---
  return {
    async create(document) {
      try {
        const created = await client.post<Record<string, unknown> | null>(document.entity, document.payload);
        // SAP's VAT and gross as it answered them (none when it did not: never a failure, never a second call).
        const totals = totalsOfAnswer(document, created);
        return { ...refOf(document.entity, created), ...(totals ? { totals } : {}) };
      } catch (error) {
        throw isSapError(error) ? toFailure(error) : error;
      }
    },
    async findByReference(document, key) {
      const found = await client.findByReference(document.entity, document.referenceField, key);
      return found ? refOf(document.entity, found as Record<string, unknown>) : null;
    },
    // --- Reversal (issue 11, modules/reversal) ---
    async cancel(target) {
      try {
        await client.cancel(target.entity, target.docEntry);
      } catch (error) {
        if (!isSapError(error)) throw error;
        const failure = toFailure(error);
        throw failure.kind === 'unknown'
          ? new SapPostingFailure(
              'unknown',
              `SAP did not confirm the cancellation (${error.message.replace(/\.$/, '')}).`,
              error.code,
            )
          : failure;
      }
    },
    async findCancellation(target, key) {
      const filter = { $filter: `${target.referenceField} eq ${odataString(key)}` };
      if (target.entity === 'JournalEntries') {
        // A reversal entry copies the original's references (Reference3 holds our key) and swaps every line's sides.
        const entries = await client.getAll<Record<string, unknown>>('JournalEntries', filter);
        const original = entries.find((e) => e.JdtNum === target.docEntry);
        if (!original) return null;
        const reversal = entries.find((e) => e.JdtNum !== target.docEntry && reversesLines(original, e));
        return reversal ? refOf('JournalEntries', reversal) : null;
      }
      const original = await client.get<Record<string, unknown>>(`${target.entity}(${target.docEntry})`);
      if (original?.Cancelled !== 'tYES') return null;
      const documents = await client.getAll<Record<string, unknown>>(target.entity, filter);
      const cancellation = documents.find(
        (d) => d.CancelStatus === 'csCancellation' && d.DocEntry !== target.docEntry,
      );
      return cancellation ? refOf(target.entity, cancellation) : { docEntry: null, docNum: null };
    },
    // --- end reversal ---
    // --- Reconciliation (issue 11, modules/reconciliation) ---
    async documentsInRange(entity, referenceField, range) {
      return readDocuments(entity, referenceField, rangeQuery(entity, referenceField, range));
    },
    async documentsByKeys(entity, referenceField, keys) {
      if (!keys.length) return [];
      return readDocuments(entity, referenceField, keysQuery(entity, referenceField, keys));
    },
    // --- end reconciliation ---
    // --- Posting periods (issue 11, modules/posting-periods) ---
    async financePeriods() {
      try {
        const answer = await client.post<{ value?: unknown } | null>('CompanyService_GetFinancePeriods', {});
        const items = Array.isArray(answer?.value) ? (answer.value as Record<string, unknown>[]) : [];
        return items.map(financePeriodOf).filter((p): p is FinancePeriod => p !== null);
      } catch (error) {
        throw isSapError(error) ? toFailure(error) : error;
      }
    },
    // --- end posting periods ---
    // --- Currencies (issue 25) ---
    async localCurrency() {
      try {
        const info = await client.post<{ LocalCurrency?: unknown } | null>('CompanyService_GetAdminInfo', {});
        if (typeof info?.LocalCurrency !== 'string' || !info.LocalCurrency)
          throw new SapPostingFailure('unknown', "SAP's company settings did not say the local currency.");
        return info.LocalCurrency;
      } catch (error) {
        throw isSapError(error) ? toFailure(error) : error;
      }
    },
    async currencyRate(currency, day) {
      try {
        const answer = await client.post<{ value?: unknown } | number | null>(
          'SBOBobService_GetCurrencyRate',
          {
            Currency: currency,
            // yyyyMMdd, as SAP's own samples send it.
            Date: day.replaceAll('-', ''),
          },
        );
        const value = typeof answer === 'number' ? answer : answer?.value;
        return typeof value === 'number' && Number.isFinite(value) && value > 0 ? rateText(value) : null;
      } catch (error) {
        // SAP answers an error for a day without a rate (-4006 'Update the exchange rate'; -2028 for a
        // currency it does not know): no rate.
        if (isSapError(error) && error.kind === 'business') return null;
        throw isSapError(error) ? toFailure(error) : error;
      }
    },
    // --- end currencies ---
    // --- VAT (issue 25) ---
    async vatGroups() {
      try {
        const rows = await client.getAll<Record<string, unknown>>('VatGroups', {
          $select: 'Code,Name,Category,Inactive,VatGroups_Lines',
        });
        const lines = (value: unknown) =>
          (Array.isArray(value) ? (value as Record<string, unknown>[]) : []).flatMap((line) =>
            typeof line.Rate === 'number'
              ? [{ from: String(line.Effectivefrom ?? '').slice(0, 10), rate: line.Rate }]
              : [],
          );
        return rows.map((row) => ({
          code: String(row.Code ?? ''),
          category: row.Category === 'bovcInputTax' ? ('input' as const) : ('output' as const),
          active: row.Inactive !== 'tYES',
          name: typeof row.Name === 'string' ? row.Name : '',
          rates: lines(row.VatGroups_Lines),
        }));
      } catch (error) {
        throw isSapError(error) ? toFailure(error) : error;
      }
    },
    async partnerVatGroup(cardCode) {
      try {
        const partner = await client.get<{ VatGroup?: unknown } | null>(
          `BusinessPartners(${odataString(cardCode)})`,
          { $select: 'CardCode,VatGroup' },
        );
        return typeof partner?.VatGroup === 'string' && partner.VatGroup ? partner.VatGroup : null;
      } catch (error) {
        throw isSapError(error) ? toFailure(error) : error;
      }
    },
    // --- end VAT ---
    // --- Branches (issue 25) ---
    async branches() {
      try {
        const info = await client.post<{ EnableBranches?: unknown } | null>(
          'CompanyService_GetAdminInfo',
          {},
        );
        if (info?.EnableBranches !== 'tYES') return { enabled: false, branches: [] };
        const rows = await client.getAll<Record<string, unknown>>('BusinessPlaces', {
          $select: 'BPLID,MainBPL,Disabled',
        });
        const branches = rows.map((row) => ({
          id: Number(row.BPLID),
          main: row.MainBPL === 'tYES',
          disabled: row.Disabled === 'tYES',
        }));
        return { enabled: true, branches };
      } catch (error) {
        throw isSapError(error) ? toFailure(error) : error;
      }
    },
    // --- end branches ---
    async distributionRules() {
      try {
        const rows = await client.getAll<Record<string, unknown>>('DistributionRules', {
          $select: 'FactorCode,InWhichDimension,Active',
        });
        return rows.map((row) => ({
          code: String(row.FactorCode ?? ''),
          dimension: Number(row.InWhichDimension),
          active: row.Active !== 'tNO',
        }));
      } catch (error) {
        throw isSapError(error) ? toFailure(error) : error;
      }
    },
  };
}

/** SAP's rate (a double) as the decimal string the money functions take: at most 6 decimals, SAP's own. */
const rateText = (rate: number) => rate.toFixed(6).replace(/\.?0+$/, '');

// --- Reversal (issue 11, modules/reversal) ---
type Line = { AccountCode?: unknown; ShortName?: unknown; Debit?: unknown; Credit?: unknown };
const linesOf = (entry: Record<string, unknown>) =>
  Array.isArray(entry.JournalEntryLines) ? (entry.JournalEntryLines as Line[]) : [];
const amount = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0)) || 0;

/** `entry` is `original` with every line's debit and credit swapped: SAP's reversal entry of it. */
function reversesLines(original: Record<string, unknown>, entry: Record<string, unknown>): boolean {
  const [a, b] = [linesOf(original), linesOf(entry)];
  return (
    a.length > 0 &&
    a.length === b.length &&
    a.every((line, i) => {
      const other = b[i]!;
      return (
        (line.ShortName ?? line.AccountCode) === (other.ShortName ?? other.AccountCode) &&
        amount(line.Debit) === amount(other.Credit) &&
        amount(line.Credit) === amount(other.Debit)
      );
    })
  );
}
// --- end reversal ---

// --- Posting periods (issue 11, modules/posting-periods) ---
type FinancePeriod = Awaited<ReturnType<SapGateway['financePeriods']>>[number];

/** 'yyyy-MM-dd' of SAP's date ('2026-10-01', '2026-10-01T00:00:00Z' or v1's '/Date(...)/' already rendered). */
const dayOf = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

/** SAP's FinancePeriod in our words: locked (Locked tYES or ltLocked), closed (ltPeriodClosing), else open. */
function financePeriodOf(item: Record<string, unknown>): FinancePeriod | null {
  const from = dayOf(item.PostingDateFrom);
  const to = dayOf(item.PostingDateTo);
  const code = typeof item.PeriodCode === 'string' ? item.PeriodCode : null;
  if (!from || !to || !code) return null;
  const status =
    item.Locked === 'tYES' || item.PeriodStatus === 'ltLocked'
      ? 'locked'
      : item.PeriodStatus === 'ltPeriodClosing'
        ? 'closed'
        : 'open';
  const name = typeof item.PeriodName === 'string' && item.PeriodName ? item.PeriodName : code;
  return { code, name, from, to, status };
}
// --- end posting periods ---
