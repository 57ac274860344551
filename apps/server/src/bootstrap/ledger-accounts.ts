import type { Db } from '../db/client.js';
import {
  createLedgerAccountsRepository,
  type LedgerAccountValues,
} from '../modules/accounts/ledger-accounts.repository.js';

const pettyCash = (accountNumber: string, place: string): LedgerAccountValues => ({
  accountNumber,
  description: `Petty Cash - ${place}`,
  accountType: 'petty cash',
  category: 'Petty Cash',
  isActive: true,
});

const VAS_CATEGORIES = ['Fuel', 'Tyres', 'Lubricants', 'Tracking', 'Escort & Security'] as const;

const vas = (side: 'Revenue' | 'Cost', index: number, category: string): LedgerAccountValues => ({
  accountNumber: `${side === 'Revenue' ? 41 : 51}0${index + 1}00`,
  description: `VAS ${side} - ${category}`,
  accountType: `Vas Transaction ${side}`,
  category,
  isActive: true,
});

/**
 * The ledger accounts offered on the posting screens, matching the SAP simulator's chart: the four active
 * petty-cash ledgers and a revenue/cost pair per VAS category (a test checks them against the simulator).
 */
export const SEED_LEDGER_ACCOUNTS: readonly LedgerAccountValues[] = [
  pettyCash('110101', 'Nairobi HQ'),
  pettyCash('110102', 'Mombasa Port'),
  pettyCash('110103', 'Malaba Border'),
  pettyCash('110104', 'Busia Border'),
  ...VAS_CATEGORIES.map((category, i) => vas('Revenue', i, category)),
  ...VAS_CATEGORIES.map((category, i) => vas('Cost', i, category)),
];

/** Adds the seed accounts that are missing; never changes an account an administrator edited or disabled. */
export function seedLedgerAccounts(db: Db): Promise<number> {
  return createLedgerAccountsRepository(db).insertMissing([...SEED_LEDGER_ACCOUNTS]);
}
