import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  B1_SESSION_PROPERTIES,
  BOUND_ACTIONS,
  ENTITY_SETS,
  ENUMS,
  FINANCE_PERIOD,
  FUNCTION_IMPORTS,
  LOGIN_PARAMETERS,
  type FunctionReturn,
  UNBOUND_ACTIONS,
  type EnumName,
  type StructuredTypeDef,
} from './entities.js';
import { ADMIN_INFO } from './entities-finance.js';
import { seedAccounts, seedBusinessPartners } from './seed.js';
import { SEED_BUSINESS_PLACES, SEED_DISTRIBUTION_RULES, SEED_VAT_GROUPS } from './seed-finance.js';
import { todayUtc } from './dates.js';
import { control, invoiceBody, journalBody, loggedIn, useFreshSim } from './testing/harness.js';

/**
 * The simulator must not drift from SAP: every entity set, type, property and enum value it accepts or returns
 * is checked against SAP's own $metadata dump (OData v3 EDMX, ~2 MB), scanned with regular expressions. The dump
 * is kept in this package (`reference/`, where its source and licence are noted) so a clone alone runs this test.
 */
const METADATA = fileURLToPath(new URL('../reference/sap-b1-service-layer-metadata.xml', import.meta.url));

interface EdmProperty {
  type: string;
  writable: string | undefined;
}
interface EdmStructure {
  key: string[];
  properties: Map<string, EdmProperty>;
}

const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

function parseMetadata(xml: string) {
  const structures = new Map<string, EdmStructure>();
  for (const block of xml.matchAll(/<(EntityType|ComplexType) Name="([^"]+)"[^>]*>([\s\S]*?)<\/\1>/g)) {
    const [, , name = '', body = ''] = block;
    const properties = new Map<string, EdmProperty>();
    for (const [tag] of body.matchAll(/<Property\s[^>]*\/>/g)) {
      properties.set(attr(tag, 'Name') ?? '', {
        type: attr(tag, 'Type') ?? '',
        writable: attr(tag, 'Writable'),
      });
    }
    const key = [...body.matchAll(/<PropertyRef Name="([^"]+)"/g)].map((m) => m[1] ?? '');
    structures.set(name, { key, properties });
  }
  const enums = new Map<string, string[]>();
  for (const [, name = '', body = ''] of xml.matchAll(
    /<EnumType Name="([^"]+)"[^>]*>([\s\S]*?)<\/EnumType>/g,
  )) {
    enums.set(
      name,
      [...body.matchAll(/<Member Name="([^"]+)"/g)].map((m) => m[1] ?? ''),
    );
  }
  const entitySets = new Map<string, string>();
  for (const [tag] of xml.matchAll(/<EntitySet\s[^>]*\/>/g))
    entitySets.set(attr(tag, 'Name') ?? '', attr(tag, 'EntityType') ?? '');
  const functions: Array<{
    name: string;
    bindable: boolean;
    returnType: string | undefined;
    parameters: Array<{ name: string; type: string }>;
  }> = [];
  for (const [, open = '', body = ''] of xml.matchAll(
    /<FunctionImport(\s[^>]*?)(?:\/>|>([\s\S]*?)<\/FunctionImport>)/g,
  )) {
    functions.push({
      name: attr(open, 'Name') ?? '',
      bindable: attr(open, 'IsBindable') === 'true',
      returnType: attr(open, 'ReturnType'),
      parameters: [...body.matchAll(/<Parameter\s[^>]*\/>/g)].map(([tag]) => ({
        name: attr(tag, 'Name') ?? '',
        type: attr(tag, 'Type') ?? '',
      })),
    });
  }
  return { structures, enums, entitySets, functions };
}

describe('SAP $metadata fidelity', () => {
  it('finds the reference metadata in the repository', () => {
    expect(existsSync(METADATA), `expected SAP's $metadata at ${METADATA}`).toBe(true);
  });
  const edm = parseMetadata(readFileSync(METADATA, 'utf8'));

  function expectStructure(type: StructuredTypeDef): void {
    const structure = edm.structures.get(type.name);
    expect(structure, `type ${type.name}`).toBeDefined();
    for (const [name, def] of Object.entries(type.properties)) {
      const property = structure?.properties.get(name);
      expect(property, `${type.name}.${name}`).toBeDefined();
      const expected = def.type === 'lines' ? `Collection(SAPB1.${type.lines?.type.name})` : def.type;
      expect(property?.type, `type of ${type.name}.${name}`).toBe(expected);
      if (def.type === 'lines') expect(type.lines?.property).toBe(name);
    }
    for (const name of type.writable) {
      expect(type.properties[name], `${type.name}.${name} is declared`).toBeDefined();
      // Collections carry no Writable attribute; every scalar the simulator accepts must be writable in SAP.
      if (type.properties[name]?.type !== 'lines') {
        expect(structure?.properties.get(name)?.writable, `${type.name}.${name} writable`).toBe('true');
      }
    }
    if (type.lines) expectStructure(type.lines.type);
  }

  it.each(Object.entries(ENTITY_SETS))('entity set %s, its type, key, properties and lines', (set, type) => {
    expect(edm.entitySets.get(set)).toBe(`SAPB1.${type.name}`);
    expect(edm.structures.get(type.name)?.key).toEqual([type.key]);
    expectStructure(type);
  });

  it('every enum value used is a member of its EnumType, and every enum-typed property names a listed enum', () => {
    for (const [name, values] of Object.entries(ENUMS)) {
      expect(edm.enums.get(name), `EnumType ${name}`).toBeDefined();
      for (const value of values) expect(edm.enums.get(name), `${name}.${value}`).toContain(value);
    }
    const allTypes = [
      ...Object.values(ENTITY_SETS).flatMap((t) => [t, ...(t.lines ? [t.lines.type] : [])]),
      FINANCE_PERIOD,
      ADMIN_INFO,
    ];
    for (const type of allTypes) {
      for (const [name, def] of Object.entries(type.properties)) {
        if (def.type.startsWith('SAPB1.'))
          expect(Object.keys(ENUMS), `${type.name}.${name}`).toContain(def.type.slice(6));
      }
    }
  });

  it.each(Object.entries(FUNCTION_IMPORTS))(
    'function import %s: unbound, its parameters and return type as SAP declares them',
    (name, definition) => {
      const declared = edm.functions.filter((f) => f.name === name && !f.bindable);
      expect(declared, name).toHaveLength(1);
      expect(declared[0]?.parameters.map((p) => p.name)).toEqual([...definition.parameters]);
      const returns: FunctionReturn = definition.returns;
      if ('primitive' in returns) {
        expect(declared[0]?.returnType).toBe(returns.primitive);
        return;
      }
      const returned = `SAPB1.${returns.type.name}`;
      expect(declared[0]?.returnType).toBe(returns.collection ? `Collection(${returned})` : returned);
      expect(edm.structures.get(returns.type.name)).toBeDefined();
      expectStructure(returns.type);
    },
  );

  it('the seed uses only enum members', () => {
    const member = (name: EnumName, value: string) =>
      expect(ENUMS[name] as readonly string[]).toContain(value);
    for (const a of seedAccounts()) {
      member('BoAccountTypes', a.AccountType);
      member('BoYesNoEnum', a.ActiveAccount);
      member('BoYesNoEnum', a.FrozenFor);
    }
    for (const p of seedBusinessPartners()) {
      member('BoCardTypes', p.CardType);
      member('BoYesNoEnum', p.Frozen);
    }
    for (const v of SEED_VAT_GROUPS) {
      member('BoVatCategoryEnum', v.Category);
      member('BoYesNoEnum', v.Inactive);
    }
    for (const r of SEED_DISTRIBUTION_RULES) member('BoYesNoEnum', r.Active);
    for (const b of SEED_BUSINESS_PLACES) {
      member('BoYesNoEnum', b.MainBPL);
      member('BoYesNoEnum', b.Disabled);
    }
  });

  it('Login, Logout and the bound Cancel actions exist as SAP declares them', () => {
    const login = edm.functions.find((f) => f.name === 'Login');
    expect(login?.parameters.map((p) => p.name)).toEqual([...LOGIN_PARAMETERS]);
    for (const name of UNBOUND_ACTIONS)
      expect(edm.functions.some((f) => f.name === name && !f.bindable)).toBe(true);
    expect([...(edm.structures.get('B1Session')?.properties.keys() ?? [])]).toEqual([
      ...B1_SESSION_PROPERTIES,
    ]);
    for (const [set, actions] of Object.entries(BOUND_ACTIONS)) {
      const type = `SAPB1.${ENTITY_SETS[set as keyof typeof ENTITY_SETS].name}`;
      for (const action of actions) {
        const bound = edm.functions.some(
          (f) => f.name === action && f.bindable && f.parameters.some((p) => p.type === type),
        );
        expect(bound, `${action} bound to ${type}`).toBe(true);
      }
    }
  });
});

describe('what the running simulator returns', () => {
  const running = useFreshSim({ login: false });

  /** Every key of every returned entity (and line) is a declared property; every enum value is a member. */
  function expectDeclared(entity: Record<string, unknown>, type: StructuredTypeDef): void {
    for (const [name, value] of Object.entries(entity)) {
      if (name.startsWith('odata.') || name.startsWith('@odata.')) continue;
      const def = type.properties[name];
      expect(def, `${type.name}.${name} returned but not declared`).toBeDefined();
      if (def?.type === 'lines' && type.lines) {
        for (const line of value as Array<Record<string, unknown>>) expectDeclared(line, type.lines.type);
      } else if (def?.type.startsWith('SAPB1.') && value !== null) {
        expect(ENUMS[def.type.slice(6) as EnumName] as readonly string[]).toContain(value);
      }
    }
  }

  it.each(['v1', 'v2'] as const)('returns only declared properties (%s)', async (version) => {
    const client = await loggedIn(running[version]);
    const samples: Array<[string, StructuredTypeDef]> = [];
    const je = await client.post<Record<string, unknown>>('JournalEntries', journalBody());
    const ar = await client.post<Record<string, unknown>>('Invoices', invoiceBody());
    const ap = await client.post<Record<string, unknown>>(
      'PurchaseInvoices',
      invoiceBody({ CardCode: 'T20001' }),
    );
    // Every new currency, VAT, dimension and branch property, on a document and a journal entry.
    await control(running.origin, 'company', { EnableBranches: true });
    const lineCodes = { CostingCode: 'KCA123A', CostingCode2: 'MSA-NBO', CostingCode3: 'OPS' };
    const usd = await client.post<Record<string, unknown>>(
      'Invoices',
      invoiceBody({
        DocCurrency: 'USD',
        DocRate: 129.3456,
        BPL_IDAssignedToInvoice: 1,
        DocumentLines: [{ AccountCode: '400100', Currency: 'USD', Price: 10, VatGroup: 'O1', ...lineCodes }],
      }),
    );
    expect(usd.status).toBe(201);
    const fcJournal = await client.post<Record<string, unknown>>(
      'JournalEntries',
      journalBody({
        ReferenceDate: todayUtc(),
        JournalEntryLines: [
          { AccountCode: '500100', FCCurrency: 'USD', FCDebit: 10, BPLID: 1, ...lineCodes },
          { AccountCode: '210200', FCCurrency: 'USD', FCCredit: 10, BPLID: 2 },
        ],
      }),
    );
    expect(fcJournal.status).toBe(201);
    expectDeclared(usd.body, ENTITY_SETS.Invoices);
    expectDeclared(fcJournal.body, ENTITY_SETS.JournalEntries);
    const admin = await client.post<Record<string, unknown>>('CompanyService_GetAdminInfo');
    expectDeclared(admin.body, ADMIN_INFO);
    expect(Object.keys(admin.body).filter((k) => !k.includes('odata'))).toEqual(
      Object.keys(ADMIN_INFO.properties),
    );
    // Cancellation documents and reversal entries are listed below with the rest.
    await client.post(`Invoices(${String(ar.body.DocEntry)})/Cancel`);
    await client.post(`JournalEntries(${String(je.body.JdtNum)})/Cancel`);
    await control(running.origin, 'periods/lock', { from: '2026-01' });
    await control(running.origin, 'periods/close', { from: '2026-02' });
    const periods = await client.post<{ value: Array<Record<string, unknown>> }>(
      'CompanyService_GetFinancePeriods',
    );
    expect(periods.body.value.length).toBeGreaterThan(0);
    for (const period of periods.body.value) expectDeclared(period, FINANCE_PERIOD);
    expectDeclared(je.body, ENTITY_SETS.JournalEntries);
    expectDeclared(ar.body, ENTITY_SETS.Invoices);
    expectDeclared(ap.body, ENTITY_SETS.PurchaseInvoices);
    for (const set of Object.keys(ENTITY_SETS) as Array<keyof typeof ENTITY_SETS>) {
      samples.push([set, ENTITY_SETS[set]]);
    }
    for (const [set, type] of samples) {
      const list = await client.get<{ value: Array<Record<string, unknown>> }>(`${set}?$top=5`);
      expect(list.body.value.length, set).toBeGreaterThan(0);
      for (const entity of list.body.value) expectDeclared(entity, type);
    }
  });
});
