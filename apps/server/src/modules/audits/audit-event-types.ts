import { sql, type SQL } from 'drizzle-orm';
import { AUDIT_EVENT_TYPES, type AuditEventType } from '@ff/contract';
import { audits } from '../../db/schema.js';

/**
 * How an event's text tells its type (PostgreSQL regular expressions, case-insensitive). Events are stored
 * as plain text with no type column, and the rows are hash-chained (a type cannot be added to old rows), so
 * the type is read from the wording every module already uses: the verb or subject an event starts with or
 * names. An event belongs to the FIRST type it matches in AUDIT_EVENT_TYPES order ("Created user X with role
 * Y" is a Users event although it names a role); one that matches none is 'Other'.
 */
export const EVENT_TYPE_PATTERNS: Record<Exclude<AuditEventType, 'Other'>, string> = {
  // modules/reversal: "Reversed TRP-… in SAP …", "Reversal of TRP-… failed: …" (before posting: they name postings)
  Reversals: '^revers(ed|al|ing) ',
  // posting.service.ts, posting-sweeper.ts, jobs/vas-posting.job.ts
  'Posting to SAP':
    '^(posted|queued) |^\\d+ (not posted|refused): |posting of |from the queue|could not be posted',
  // modules/reconciliation: runs started and SAP documents adopted
  Reconciliation: 'reconciliation|^adopted ',
  // imports.service.ts, accounts.service.ts
  Imports: '^imported ',
  // settings.service.ts
  'SAP connection settings': 'sap connection',
  'API tokens': 'api token',
  // my-account.service.ts, security-settings.service.ts, auth.service.ts (a sign-in with a code)
  'Two-factor sign-in': 'two-factor|recovery code|authenticator',
  // my-account.service.ts: signing out one's other sessions (before 'Signed out' of the next type)
  Sessions: '^signed out (a session|all other sessions)',
  // auth.service.ts, audit-tally.ts
  'Sign-in and sign-out': 'sign-?ins?\\M|signed (in|out)\\M',
  // auth.service.ts, my-account.service.ts
  Passwords: 'password',
  // roles.service.ts
  'Roles and permissions': '^\\S+ role |permissions? of role|\\mrole .* permissions',
  // users.service.ts, my-account.service.ts (own profile), bootstrap/seed.ts
  Users: '\\musers?\\M|invitation|first administrator|own profile',
  // audit-chain.ts KEYED_EPOCH_EVENT
  'Audit chain': '^audit chain',
};

const TYPED = AUDIT_EVENT_TYPES.filter((t): t is Exclude<AuditEventType, 'Other'> => t !== 'Other');

const matches = (type: Exclude<AuditEventType, 'Other'>): SQL =>
  sql`${audits.event} ~* ${EVENT_TYPE_PATTERNS[type]}`;

/** The rows of one event type: they match its wording and none of the types before it. */
export function eventTypeCondition(type: AuditEventType): SQL {
  const index = type === 'Other' ? TYPED.length : TYPED.indexOf(type);
  const earlier = TYPED.slice(0, index).map((t) => sql`NOT (${matches(t)})`);
  const own = type === 'Other' ? [] : [matches(type)];
  return sql.join([...own, ...earlier], sql` AND `);
}
