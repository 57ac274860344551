import { describe, expect, it } from 'vitest';
import { RECORD_KINDS_PLAIN } from './kinds.js';
import { schemasOf } from './record-kinds.js';

/**
 * A kind is its registry entry (kinds.ts): its list row and post body schemas are built from the entry's field
 * types and rules, so a new kind writes no schema.
 */
describe('a kind declared by its entry alone', () => {
  /** A throw-away sibling of cash advance with a field of its own: no schema is written for it anywhere. */
  const tollAdvance = {
    ...RECORD_KINDS_PLAIN.cashAdvance,
    name: 'tollAdvance',
    rowTypes: { id: 'id', tollPlaza: 'text?', amount: 'decimal?', postingDate: 'text?', status: 'status' },
    post: { idField: 'tollAdvanceId', fields: { tollAdvanceId: 'recordId', tollPlaza: 'requiredText' } },
  } as const;

  it('gets a list row schema from its field types', () => {
    const { row } = schemasOf(tollAdvance);
    const good = { id: 1, tollPlaza: null, amount: '350.00', postingDate: null, status: 'unposted' };
    expect(row.parse(good)).toEqual(good);
    expect(row.safeParse({ ...good, amount: '3.5e2' }).success).toBe(false);
    expect(row.safeParse({ ...good, status: 'posted' }).success).toBe(false);
    expect(Object.keys(row.shape)).toEqual(Object.keys(tollAdvance.rowTypes));
  });

  it('gets a post body schema whose messages name its own fields in words', () => {
    const { body } = schemasOf(tollAdvance);
    expect(body.safeParse({ postSap: [{ tollAdvanceId: 3, tollPlaza: 'Athi River' }] }).success).toBe(true);
    const refused = body.safeParse({ postSap: [{ tollAdvanceId: 3, tollPlaza: '  ' }] });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['The toll plaza is required.']);
  });
});
