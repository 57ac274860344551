import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ALL_PERMISSIONS,
  idempotencyKeyOf,
  kindOfCode,
  recordScreens,
  REFERENCE_FIELD_LENGTH,
} from './kind-lookups.js';
import { RECORD_KIND_CODES, RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type PostFieldRule } from './kinds.js';
import { MAX_DATABASE_ID } from './plain.js';
import { RECORD_KINDS } from './record-kinds.js';

/**
 * The record-kind registry agrees with itself and with its zod schemas: the zod-free entries (kinds.ts) the
 * web reads name exactly the fields of the schemas (record-kinds.ts) the server validates with, each post
 * field behaves as its rule says, and the wire names, codes and SAP keys are unique and fit SAP's fields.
 */

const entries = RECORD_KIND_NAMES.map((name) => RECORD_KINDS[name]);
type AnyKind = (typeof entries)[number];

/** The spec's six steps in navigation order: their wire names are pinned; a kind added beside them needs no edit here. */
const SPEC_KINDS = [
  'salesInvoice',
  'firstJournal',
  'secondJournal',
  'cashAdvance',
  'fuelAdvance',
  'vasTransaction',
] as const;
const specOnly = <T>(list: readonly T[], nameOf: (item: T) => string) =>
  list.filter((item) => (SPEC_KINDS as readonly string[]).includes(nameOf(item)));

/** The zod object of one `postSap` entry of a kind's post body. */
const postEntryOf = (kind: AnyKind) => kind.body.shape.postSap.element as unknown as z.ZodObject;

/** Leaves a field out of a post entry. */
const MISSING = Symbol('missing');

/** Values each field rule accepts and refuses (MISSING: the field left out). */
const RULE_CASES: Record<PostFieldRule, { accepts: unknown[]; refuses: unknown[] }> = {
  recordId: { accepts: [1, 42, MAX_DATABASE_ID], refuses: [0, -1, 2 ** 31, 1.5, '1', null, MISSING] },
  ledgerId: { accepts: [1, 3, MAX_DATABASE_ID], refuses: [0, -3, 2 ** 31, 2.5, '3', null, MISSING] },
  postingDate: {
    accepts: [
      '2026-02-28',
      ' 2026-03-01 ',
      '2026-03-01 10:15:00',
      '2026-03-01T07:15:00.000Z',
      '2026-03-01T10:15+03:00',
    ],
    refuses: [
      '2026-02-30',
      '2026-13-01',
      '1999-12-31',
      '2026-03-01 24:00',
      '01/03/2026',
      '',
      '   ',
      20260301,
      MISSING,
    ],
  },
  requiredText: {
    accepts: ['X', ' INV-7 ', 'a'.repeat(100)],
    refuses: ['', '   ', 'a'.repeat(101), 7, null, MISSING],
  },
  quantity: {
    accepts: ['40.000', ' 12.5 ', 2.5, 0, '99999999999.999'],
    refuses: [1e21, 1e-7, 0.30000000000000004, -1, '1.0001', '100000000000', 'abc', '', null, MISSING],
  },
  optionalText: { accepts: [MISSING, '', 'Diesel', 'a'.repeat(100)], refuses: ['a'.repeat(101), 5, null] },
  optionalFlag: { accepts: [MISSING, true, false], refuses: ['true', 1, null] },
};

/** A post entry whose every field holds the first value its rule accepts. */
function validEntry(kind: AnyKind): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(kind.post.fields as Record<string, PostFieldRule>)) {
    const value = RULE_CASES[rule].accepts[0];
    if (value !== MISSING) entry[field] = value;
  }
  return entry;
}

/** The fields a post body with this one entry has issues with ([] when it is accepted). */
function issuePaths(kind: AnyKind, entry: Record<string, unknown>): string[] {
  const result = kind.body.safeParse({ postSap: [entry] });
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
}

describe('the record-kind registry and its schemas', () => {
  it('has an entry per posting step, named by its key, with its row and body schemas', () => {
    expect(specOnly(RECORD_KIND_NAMES, (name) => name)).toEqual(SPEC_KINDS);
    for (const name of RECORD_KIND_NAMES) {
      expect(RECORD_KINDS[name].name).toBe(name);
      expect(RECORD_KINDS[name]).toMatchObject(RECORD_KINDS_PLAIN[name]);
    }
  });

  it.each(entries)('$name: rowFields are the row schema keys, in order', (kind) => {
    expect([...kind.rowFields]).toEqual(Object.keys(kind.row.shape));
  });

  it.each(entries)(
    '$name: post.fields are the post entry schema keys, and the id field is its record id',
    (kind) => {
      expect(Object.keys(kind.post.fields)).toEqual(Object.keys(postEntryOf(kind).shape));
      const rules = kind.post.fields as Record<string, PostFieldRule>;
      expect(rules[kind.post.idField]).toBe('recordId');
      expect(Object.values(rules).filter((rule) => rule === 'recordId')).toHaveLength(1);
    },
  );

  it.each(entries)('$name: each post field behaves as its rule says', (kind) => {
    const valid = validEntry(kind);
    expect(issuePaths(kind, valid)).toEqual([]);
    for (const [field, rule] of Object.entries(kind.post.fields as Record<string, PostFieldRule>)) {
      const withValue = (value: unknown) => {
        const { [field]: _, ...rest } = valid;
        return value === MISSING ? rest : { ...rest, [field]: value };
      };
      for (const value of RULE_CASES[rule].accepts) {
        expect(issuePaths(kind, withValue(value)), `${field} = ${String(value)}`).toEqual([]);
      }
      for (const value of RULE_CASES[rule].refuses) {
        expect(issuePaths(kind, withValue(value)), `${field} = ${String(value)}`).toEqual([
          `postSap.0.${field}`,
        ]);
      }
    }
  });

  it("names as each kind's amount a decimal money field of its row", () => {
    for (const kind of entries) {
      const field = kind.amountField;
      expect(kind.rowFields as readonly string[], kind.name).toContain(field);
      const schema = kind.row.shape[field as keyof typeof kind.row.shape] as unknown as z.ZodType;
      expect(schema.safeParse('1500.00').success, `${kind.name}.${field}`).toBe(true);
    }
  });

  it.each(entries)(
    '$name: searchFields are distinct text or decimal fields of its row, neither dates nor posting state',
    (kind) => {
      const fields = kind.searchFields as readonly string[];
      expect(fields.length).toBeGreaterThan(0);
      expect(new Set(fields).size).toBe(fields.length);
      for (const field of fields) {
        expect(kind.rowFields as readonly string[], field).toContain(field);
        expect([
          'id',
          'documentDate',
          'postingDate',
          'status',
          'lastError',
          'firstJournalPostedAt',
        ]).not.toContain(field);
        const schema = kind.row.shape[field as keyof typeof kind.row.shape] as unknown as z.ZodType;
        expect(schema.safeParse('TRIP-7').success || schema.safeParse('1500.00').success, field).toBe(true);
      }
    },
  );

  it('refuses an empty post and more than 500 rows, for every kind', () => {
    for (const kind of entries) {
      expect(kind.body.safeParse({ postSap: [] }).success).toBe(false);
      expect(
        kind.body.safeParse({ postSap: Array.from({ length: 501 }, () => validEntry(kind)) }).success,
      ).toBe(false);
      expect(
        kind.body.safeParse({ postSap: Array.from({ length: 500 }, () => validEntry(kind)) }).success,
      ).toBe(true);
    }
  });
});

describe('the registry names', () => {
  it('gives every kind its own code, key prefix, API name and path', () => {
    for (const field of ['code', 'keyPrefix', 'apiName', 'apiPath'] as const) {
      const values = entries.map((kind) => kind[field]);
      expect(new Set(values).size, field).toBe(entries.length);
    }
    for (const kind of entries) expect(kind.apiPath).toBe(`/api/v1/${kind.apiName}`);
  });

  it('lists every stored code, 2 to 4 capital letters, in the order of the entries', () => {
    expect(RECORD_KIND_CODES).toEqual(entries.map((kind) => kind.code));
    for (const code of RECORD_KIND_CODES) expect(code).toMatch(/^[A-Z]{2,4}$/);
  });

  it('finds each kind by its stored code, and nothing by an unknown one', () => {
    for (const kind of entries) expect(kindOfCode(kind.code)).toBe(kind.name);
    expect(kindOfCode('XX')).toBeUndefined();
    expect(kindOfCode('')).toBeUndefined();
  });

  it('names permissions of the catalogue, and a required step that comes earlier on the same screen', () => {
    for (const kind of entries) {
      expect(ALL_PERMISSIONS).toContain(kind.permissions.view);
      expect(ALL_PERMISSIONS).toContain(kind.permissions.post);
      if (!('requires' in kind)) continue;
      const required = RECORD_KINDS[kind.requires];
      expect(RECORD_KIND_NAMES.indexOf(required.name)).toBeLessThan(RECORD_KIND_NAMES.indexOf(kind.name));
      expect(required.screen.path).toBe(kind.screen.path);
    }
    // Of the spec's steps, only VAS transactions go through the queue.
    expect(
      specOnly(entries, (kind) => kind.name)
        .filter((kind) => kind.queued)
        .map((kind) => kind.name),
    ).toEqual(['vasTransaction']);
  });
});

describe('idempotency keys', () => {
  it('are the code after the prefix SAP searches for', () => {
    expect(SPEC_KINDS.map((name) => idempotencyKeyOf(name, 12))).toEqual([
      'FFSI12',
      'FF-FJ-12',
      'FF-SJ-12',
      'FF-CA-12',
      'FF-FA-12',
      'FF-VAS-12',
    ]);
    for (const kind of entries) {
      expect(kind.keyPrefix).toBe(
        kind.sap.referenceField === 'Reference2' ? `FF${kind.code}` : `FF-${kind.code}-`,
      );
    }
  });

  it('after a reversal, carry the generation: still fitting the reference field, never equal to another posting', () => {
    expect(idempotencyKeyOf('salesInvoice', 1044, 2)).toBe('FR2-T0');
    expect(idempotencyKeyOf('secondJournal', 1042, 2)).toBe('FF-SJ-1042-R2');
    expect(idempotencyKeyOf('cashAdvance', 7, 1)).toBe(idempotencyKeyOf('cashAdvance', 7));
    for (const kind of entries) {
      const length = REFERENCE_FIELD_LENGTH[kind.sap.referenceField];
      expect(idempotencyKeyOf(kind.name, MAX_DATABASE_ID, 1295).length, kind.name).toBeLessThanOrEqual(
        length,
      );
      const keys = new Set<string>();
      for (const id of [1, 2, 10, 36, 99_999, 9_999_999, MAX_DATABASE_ID])
        for (let generation = 1; generation <= 40; generation++)
          keys.add(idempotencyKeyOf(kind.name, id, generation));
      expect(keys.size, kind.name).toBe(7 * 40);
    }
  });

  it('fit their SAP reference field: Reference2 keeps 11 characters (ids to 9,999,999), Reference3 27', () => {
    const limits = {
      Reference2: { length: 11, maxId: 9_999_999 },
      Reference3: { length: 27, maxId: MAX_DATABASE_ID },
    };
    for (const kind of entries) {
      const { length, maxId } = limits[kind.sap.referenceField];
      expect(idempotencyKeyOf(kind.name, maxId).length, kind.name).toBeLessThanOrEqual(length);
    }
    expect(idempotencyKeyOf('salesInvoice', 9_999_999)).toBe('FFSI9999999');
    // An A/R invoice keeps its key in Reference2 (NumAtCard): the sales invoice's, and any other invoice kind's.
    for (const kind of entries.filter((entry) => entry.sap.entity === 'Invoices'))
      expect(kind.sap.referenceField, kind.name).toBe('Reference2');
    expect(RECORD_KINDS.salesInvoice.sap.entity).toBe('Invoices');
  });
});

describe('recordScreens', () => {
  it("gives the spec's five screens in navigation order, the transporter screen with a tab per journal", () => {
    const screens = recordScreens();
    expect(new Set(screens.map((screen) => screen.path)).size).toBe(screens.length);
    expect(specOnly(screens, (screen) => screen.kinds[0]!)).toEqual([
      { path: '/invoices/sales', navLabel: 'Sales Invoices', kinds: ['salesInvoice'] },
      {
        path: '/invoices/transporter',
        navLabel: 'Transporter Invoices',
        kinds: ['firstJournal', 'secondJournal'],
      },
      { path: '/advance/cash', navLabel: 'Cash Advance', kinds: ['cashAdvance'] },
      { path: '/advance/fuel', navLabel: 'Fuel Advance', kinds: ['fuelAdvance'] },
      { path: '/vas/transactions', navLabel: 'VAS Transactions', kinds: ['vasTransaction'] },
    ]);
    expect(RECORD_KINDS.firstJournal.screen.tab).toBe('Post First JE');
    expect(RECORD_KINDS.secondJournal.screen.tab).toBe('Post Second JE');
  });

  it('gives a tab to exactly the steps that share a screen, and one nav label per screen', () => {
    for (const screen of recordScreens()) {
      for (const name of screen.kinds) {
        const kindScreen: { navLabel: string; tab?: string } = RECORD_KINDS[name].screen;
        expect(kindScreen.navLabel).toBe(screen.navLabel);
        expect(kindScreen.tab === undefined, name).toBe(screen.kinds.length === 1);
      }
    }
  });
});
