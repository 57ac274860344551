import { eq } from 'drizzle-orm';
import {
  DEFAULT_CONFIRM_ABOVE_ROWS,
  type PostingDefaultSettings,
  type PostingDefaultsUpdate,
  type SapVatGroupOption,
} from '@ff/contract';
import type { Db } from '../../db/client.js';
import { postingDefaults } from '../../db/schema.js';
import type { SapGateway } from '../../erp/sap-gateway.js';
import { ValidationFailed } from '../../lib/errors.js';
import { formatDay } from '../../lib/time.js';
import type { AuditContext, AuditService } from '../audits/audit.service.js';
import { outputVatProblem } from '../records/kinds/shared/vat-groups.js';
import { readSapVatGroups, VatGroupsUnavailable } from './sap-vat-groups.js';

/** The one row of the table (a check constraint keeps it the only one). */
const ROW_ID = 1;

/** A numeric(14,2) as its decimal text with two places (the database may answer '1200' or '1200.00'). */
const moneyText = (value: string | null) => {
  if (value === null) return null;
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
};

/** 'more than 50 rows or 1,000,000.00' as the audit line says the confirmation rule. */
const confirmationRule = (rows: number, amount: string | null) =>
  `more than ${rows} rows${amount === null ? '' : ` or totalling more than ${amount}`}`;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Settings > Posting defaults (issue 25): what a record takes when neither it nor SAP's master data says; for now a
 * sales invoice line's VAT group, after the record's own and its customer's in SAP
 * (modules/records/kinds/sales-invoice, through `kinds/shared/vat-groups.ts`). Saved by an administrator in one
 * transaction with its audit line, only once SAP has confirmed the group is an active output group.
 */
export function createPostingDefaultsService(deps: {
  db: Db;
  audit: AuditService;
  sap: () => SapGateway;
  timeZone: string;
}) {
  const { db, audit } = deps;
  const today = () => formatDay(new Date(), deps.timeZone);

  async function read(executor: Db = db): Promise<PostingDefaultSettings> {
    const [row] = await executor
      .select({
        vatGroup: postingDefaults.vatGroup,
        confirmAboveRows: postingDefaults.confirmAboveRows,
        confirmAboveAmount: postingDefaults.confirmAboveAmount,
      })
      .from(postingDefaults)
      .where(eq(postingDefaults.id, ROW_ID));
    return {
      vatGroup: row?.vatGroup ?? null,
      confirmAboveRows: row?.confirmAboveRows ?? DEFAULT_CONFIRM_ABOVE_ROWS,
      confirmAboveAmount: moneyText(row?.confirmAboveAmount ?? null),
    };
  }

  /** Refuses (422, on the field) a code SAP does not have, has inactive or keeps for purchases; 503 when SAP cannot say. */
  async function checkVatGroup(code: string) {
    let groups;
    try {
      groups = await readSapVatGroups(deps.sap(), today());
    } catch (error) {
      if (error instanceof VatGroupsUnavailable)
        throw new VatGroupsUnavailable(
          error.reason,
          'The default VAT group was not saved: try again in a moment.',
        );
      throw error;
    }
    const problem = outputVatProblem(new Map(groups.map((g) => [g.code, g])), code);
    if (problem) throw ValidationFailed.field('vatGroup', sentence(problem));
  }

  return {
    read,
    /** The default VAT group of a sales invoice line (null: none); read by every post request's check. */
    vatGroup: async () => (await read()).vatGroup,
    /** SAP's active sales (output) VAT groups, by code, for the picker; throws VatGroupsUnavailable. */
    async sapVatGroups(): Promise<SapVatGroupOption[]> {
      const groups = await readSapVatGroups(deps.sap(), today());
      return groups
        .filter((g) => g.active && g.category === 'output')
        .sort((a, b) => a.code.localeCompare(b.code))
        .map(({ code, name, rate }) => ({ code, name, rate }));
    },
    /** Saves the defaults (a VAT group only once SAP has confirmed it); answers what was saved. */
    async save(
      settings: Omit<PostingDefaultsUpdate, 'confirmAboveAmount'> & { confirmAboveAmount?: string | null },
      context: AuditContext,
    ): Promise<PostingDefaultSettings> {
      // A new VAT group is checked with SAP; the saved one is not again, so the confirmation rule can be changed
      // while SAP is away (a group SAP has disabled since is still refused at each post, naming it).
      if (settings.vatGroup && settings.vatGroup !== (await read()).vatGroup)
        await checkVatGroup(settings.vatGroup);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx
          .select({ id: postingDefaults.id })
          .from(postingDefaults)
          .where(eq(postingDefaults.id, ROW_ID))
          .for('update');
        const before = await read(tx);
        // Absent, a confirmation rule keeps its saved value (a client of issue 25 sends only the VAT group).
        const after = {
          vatGroup: settings.vatGroup,
          confirmAboveRows: settings.confirmAboveRows ?? before.confirmAboveRows,
          confirmAboveAmount:
            settings.confirmAboveAmount === undefined
              ? before.confirmAboveAmount
              : settings.confirmAboveAmount,
        };
        const values = { ...after, updatedAt: new Date(), updatedById: context.actor.id };
        await tx
          .insert(postingDefaults)
          .values({ id: ROW_ID, ...values })
          .onConflictDoUpdate({ target: postingDefaults.id, set: values });
        const changes = [`default VAT group ${after.vatGroup ?? 'none'} (was ${before.vatGroup ?? 'none'})`];
        const [rule, wasRule] = [
          confirmationRule(after.confirmAboveRows, moneyText(after.confirmAboveAmount)),
          confirmationRule(before.confirmAboveRows, before.confirmAboveAmount),
        ];
        if (rule !== wasRule) changes.push(`confirm posts of ${rule} (was ${wasRule})`);
        await audit.record(context, `Updated the posting defaults: ${changes.join('; ')}`, tx);
      });
      return read();
    },
    /** Issue 26: when a post is confirmed first; read by every posting screen. */
    async postConfirmation() {
      const { confirmAboveRows, confirmAboveAmount } = await read();
      return { confirmAboveRows, confirmAboveAmount };
    },
  };
}

export type PostingDefaultsService = ReturnType<typeof createPostingDefaultsService>;
