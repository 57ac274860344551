import type { SapGateway, SapVatGroup } from '../../../../erp/sap-gateway.js';

/** How long SAP's VAT groups and a partner's VAT group are kept (read again after; a post asks afresh). */
export const VAT_TTL_MS = 5 * 60_000;

/**
 * SAP's VAT groups and its customers' own VAT groups, as an invoice line's VAT group is chosen and checked
 * before SAP (issue 25, docs/decisions/024-currencies.md): the record's group, else its customer's in SAP,
 * else the default VAT group of Settings > Posting defaults (`defaultGroup`), else none (the spec's invoices: no
 * VAT). Kept 5 minutes; `fresh` reads again (a post request's check).
 */
export function createVatGroups(deps: {
  sap: () => SapGateway;
  /** Settings > Posting defaults' VAT group (modules/posting-defaults); without it, none. */
  defaultGroup?: () => Promise<string | null>;
  ttlMs?: number;
  now?: () => number;
}) {
  const ttlMs = deps.ttlMs ?? VAT_TTL_MS;
  const now = deps.now ?? Date.now;
  let groups: { value: Promise<Map<string, SapVatGroup>>; until: number } | null = null;
  const partners = new Map<string, { value: Promise<string | null>; until: number }>();
  let fallback: { value: Promise<string | null>; until: number } | null = null;

  const kept = <T>(entry: { value: Promise<T>; until: number } | null | undefined, fresh?: boolean) =>
    entry && !fresh && now() < entry.until ? entry.value : null;

  return {
    /** The default VAT group (Settings > Posting defaults), or null. */
    fallback(options: { fresh?: boolean } = {}): Promise<string | null> {
      const value = kept(fallback, options.fresh) ?? deps.defaultGroup?.() ?? Promise.resolve(null);
      if (value !== fallback?.value) {
        const entry = { value, until: now() + ttlMs };
        fallback = entry;
        value.catch(() => {
          if (fallback === entry) fallback = null;
        });
      }
      return value;
    },
    /** SAP's VAT groups by code. */
    groups(options: { fresh?: boolean } = {}): Promise<Map<string, SapVatGroup>> {
      const value =
        kept(groups, options.fresh) ??
        deps
          .sap()
          .vatGroups()
          .then((list) => new Map(list.map((g) => [g.code, g])));
      if (value !== groups?.value) {
        const entry = { value, until: now() + ttlMs };
        groups = entry;
        value.catch(() => {
          if (groups === entry) groups = null;
        });
      }
      return value;
    },
    /** A customer's own VAT group in SAP, or null. */
    partner(cardCode: string, options: { fresh?: boolean } = {}): Promise<string | null> {
      const value = kept(partners.get(cardCode), options.fresh) ?? deps.sap().partnerVatGroup(cardCode);
      if (value !== partners.get(cardCode)?.value) {
        const entry = { value, until: now() + ttlMs };
        partners.set(cardCode, entry);
        value.catch(() => {
          if (partners.get(cardCode) === entry) partners.delete(cardCode);
        });
      }
      return value;
    },
  };
}

export type VatGroups = ReturnType<typeof createVatGroups>;

/**
 * Why an A/R invoice line cannot carry VAT group `code` (SAP would refuse it), or null; `what` names the group
 * (the default's says where it comes from).
 */
export function outputVatProblem(
  groups: Map<string, SapVatGroup>,
  code: string,
  what = `the VAT group ${code}`,
): string | null {
  const group = groups.get(code);
  if (!group) return `${what} does not exist in SAP.`;
  if (!group.active) return `${what} is inactive in SAP.`;
  if (group.category !== 'output') return `${what} is not a sales (output) VAT group in SAP.`;
  return null;
}
