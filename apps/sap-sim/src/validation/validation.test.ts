import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  control,
  expectSapError,
  invoiceBody,
  journalBody,
  loggedIn,
  startSim,
  type ReadBack,
  type RunningSim,
  type SlClient,
} from '../testing/harness.js';

/** Every validation rule, over HTTP, in both error shapes; nothing refused may be stored. */
interface Case {
  rule: string;
  set: 'JournalEntries' | 'Invoices' | 'PurchaseInvoices';
  body: unknown;
  status: number;
  code: number;
  message: string;
}

const lines = (...l: unknown[]) => ({ JournalEntryLines: l });
const debit = (AccountCode: string, Debit: number) => ({ AccountCode, Debit });
const credit = (AccountCode: string, Credit: number) => ({ AccountCode, Credit });
const NO_MATCH = 'No matching records found (ODBC -2028)';

// prettier-ignore
const journalCases: Case[] = [
  { rule: 'unknown header property', set: 'JournalEntries', body: journalBody({ Foo: 1 }), status: 400, code: -1000, message: "Property 'Foo' of 'JournalEntry' is invalid" },
  { rule: 'unknown line property', set: 'JournalEntries', body: journalBody(lines({ ...debit('500100', 5), Bar: 'x' }, credit('210200', 5))), status: 400, code: -1000, message: "Property 'Bar' of 'JournalEntryLine' is invalid" },
  { rule: 'read-only property', set: 'JournalEntries', body: journalBody({ JdtNum: 7 }), status: 400, code: -1000, message: "Property 'JdtNum' of 'JournalEntry' is not writable" },
  { rule: 'wrong JSON type (string amount)', set: 'JournalEntries', body: journalBody(lines({ AccountCode: '500100', Debit: '5' }, credit('210200', 5))), status: 400, code: -1000, message: "Property 'Debit' of 'JournalEntryLine' has an invalid value; expected Edm.Double" },
  { rule: 'wrong JSON type (number memo)', set: 'JournalEntries', body: journalBody({ Memo: 12 }), status: 400, code: -1000, message: "Property 'Memo' of 'JournalEntry' has an invalid value; expected Edm.String" },
  { rule: 'lines not an array', set: 'JournalEntries', body: journalBody({ JournalEntryLines: {} }), status: 400, code: -1000, message: "Property 'JournalEntryLines' of 'JournalEntry' has an invalid value; expected Collection(SAPB1.JournalEntryLine)" },
  { rule: 'body not an object', set: 'JournalEntries', body: '[1,2]', status: 400, code: -1000, message: 'The request body must be a JSON object' },
  { rule: 'malformed JSON', set: 'JournalEntries', body: '{"Memo": ', status: 400, code: -1000, message: 'The request body must be a JSON object' },
  { rule: 'value too long', set: 'JournalEntries', body: journalBody({ Reference3: 'FF-'.padEnd(28, 'X') }), status: 400, code: -1000, message: "Value too long in property 'Reference3' of 'JournalEntry'; at most 27 characters" },
  { rule: 'impossible date', set: 'JournalEntries', body: journalBody({ ReferenceDate: '2026-02-30' }), status: 400, code: -1000, message: "Property 'ReferenceDate' of 'JournalEntry' has an invalid date '2026-02-30'; use yyyy-MM-dd or yyyy-MM-ddTHH:mm:ssZ" },
  { rule: 'date with milliseconds', set: 'JournalEntries', body: journalBody({ TaxDate: '2026-03-10T00:00:00.000Z' }), status: 400, code: -1000, message: "Property 'TaxDate' of 'JournalEntry' has an invalid date '2026-03-10T00:00:00.000Z'; use yyyy-MM-dd or yyyy-MM-ddTHH:mm:ssZ" },
  { rule: 'day-first date', set: 'JournalEntries', body: journalBody({ DueDate: '10/03/2026' }), status: 400, code: -1000, message: "Property 'DueDate' of 'JournalEntry' has an invalid date '10/03/2026'; use yyyy-MM-dd or yyyy-MM-ddTHH:mm:ssZ" },
  { rule: 'one line', set: 'JournalEntries', body: journalBody(lines(debit('500100', 5))), status: 400, code: -10, message: 'A journal entry needs at least two lines' },
  { rule: 'no lines', set: 'JournalEntries', body: { Memo: 'x' }, status: 400, code: -10, message: 'A journal entry needs at least two lines' },
  { rule: 'debit and credit on one line', set: 'JournalEntries', body: journalBody(lines({ AccountCode: '500100', Debit: 5, Credit: 5 }, credit('210200', 5))), status: 400, code: -10, message: 'Line 1: enter either a debit or a credit amount' },
  { rule: 'neither debit nor credit', set: 'JournalEntries', body: journalBody(lines(debit('500100', 5), { AccountCode: '210200', Debit: 0, Credit: 0 })), status: 400, code: -10, message: 'Line 2: enter either a debit or a credit amount' },
  { rule: 'negative amount', set: 'JournalEntries', body: journalBody(lines(debit('500100', -5), credit('210200', -5))), status: 400, code: -10, message: 'Line 1: amounts cannot be negative' },
  { rule: 'neither AccountCode nor ShortName', set: 'JournalEntries', body: journalBody(lines(debit('500100', 5), { Credit: 5 })), status: 400, code: -10, message: 'Line 2: specify either AccountCode or ShortName' },
  { rule: 'both AccountCode and ShortName', set: 'JournalEntries', body: journalBody(lines({ ...debit('500100', 5), ShortName: 'T20001' }, credit('210200', 5))), status: 400, code: -10, message: 'Line 1: specify either AccountCode or ShortName' },
  { rule: 'unbalanced', set: 'JournalEntries', body: journalBody(lines(debit('500100', 100.1), credit('210200', 100))), status: 400, code: -10, message: 'Unbalanced transaction: total debit 100.10 and total credit 100.00 must be equal' },
  { rule: 'unbalanced by one cent', set: 'JournalEntries', body: journalBody(lines(debit('500100', 0.1), debit('500100', 0.2), credit('210200', 0.31))), status: 400, code: -10, message: 'Unbalanced transaction: total debit 0.30 and total credit 0.31 must be equal' },
  { rule: 'unknown account', set: 'JournalEntries', body: journalBody(lines(debit('999999', 5), credit('210200', 5))), status: 400, code: -2028, message: NO_MATCH },
  { rule: 'unknown business partner', set: 'JournalEntries', body: journalBody(lines({ ShortName: 'T29999', Debit: 5 }, credit('110101', 5))), status: 400, code: -2028, message: NO_MATCH },
  { rule: 'inactive account', set: 'JournalEntries', body: journalBody(lines(debit('500100', 5), credit('110199', 5))), status: 400, code: -10, message: "Account '110199' is inactive; select an active account" },
  { rule: 'frozen account', set: 'JournalEntries', body: journalBody(lines(debit('520900', 5), credit('210200', 5))), status: 400, code: -10, message: "Account '520900' is frozen; select another account" },
  { rule: 'frozen partner', set: 'JournalEntries', body: journalBody(lines({ ShortName: 'T20099', Debit: 5 }, credit('110101', 5))), status: 400, code: -10, message: "Business partner 'T20099' is frozen" },
];

const service = (line: Record<string, unknown>) => ({ DocumentLines: [line] });

// prettier-ignore
const documentCases: Case[] = [
  { rule: 'unknown document property', set: 'Invoices', body: invoiceBody({ Foo: true }), status: 400, code: -1000, message: "Property 'Foo' of 'Document' is invalid" },
  { rule: 'unknown document line property', set: 'Invoices', body: invoiceBody(service({ AccountCode: '400100', LineTotal: 5, Colour: 'red' })), status: 400, code: -1000, message: "Property 'Colour' of 'DocumentLine' is invalid" },
  { rule: 'bad enum value', set: 'Invoices', body: invoiceBody({ DocType: 'Service' }), status: 400, code: -1000, message: "Property 'DocType' of 'Document' has an invalid value; expected one of dDocument_Items, dDocument_Service" },
  { rule: 'reference longer than OINV.Ref2', set: 'Invoices', body: invoiceBody({ Reference2: 'FF-SI-123456' }), status: 400, code: -1000, message: "Value too long in property 'Reference2' of 'Document'; at most 11 characters" },
  { rule: 'missing CardCode', set: 'Invoices', body: invoiceBody({ CardCode: null }), status: 400, code: -10, message: "Property 'CardCode' of 'Document' is required" },
  { rule: 'no document lines', set: 'PurchaseInvoices', body: invoiceBody({ CardCode: 'T20001', DocumentLines: [] }), status: 400, code: -10, message: 'A document needs at least one line' },
  { rule: 'item document without items', set: 'Invoices', body: invoiceBody({ DocType: undefined }), status: 400, code: -10, message: "Line 1: item code is missing; service documents need DocType 'dDocument_Service'" },
  { rule: 'unknown item', set: 'Invoices', body: invoiceBody(service({ ItemCode: 'FREIGHT', LineTotal: 5 })), status: 400, code: -2028, message: NO_MATCH },
  { rule: 'service line without account', set: 'Invoices', body: invoiceBody(service({ LineTotal: 5 })), status: 400, code: -10, message: 'Line 1: G/L account is missing' },
  { rule: 'line without price or total', set: 'Invoices', body: invoiceBody(service({ AccountCode: '400100', Quantity: 2 })), status: 400, code: -10, message: 'Line 1: enter a price or a line total' },
  { rule: 'zero quantity', set: 'Invoices', body: invoiceBody(service({ AccountCode: '400100', Quantity: 0, Price: 5 })), status: 400, code: -10, message: 'Line 1: quantity must be greater than zero' },
  { rule: 'negative line total', set: 'Invoices', body: invoiceBody(service({ AccountCode: '400100', LineTotal: -5 })), status: 400, code: -10, message: 'Line 1: amounts cannot be negative' },
  { rule: 'DocTotal not the sum of the lines', set: 'Invoices', body: invoiceBody({ DocTotal: 100 }), status: 400, code: -10, message: 'Document total 100.00 does not match the sum of the lines 185000.00' },
  { rule: 'unknown customer', set: 'Invoices', body: invoiceBody({ CardCode: 'C99999' }), status: 400, code: -2028, message: NO_MATCH },
  { rule: 'supplier on an A/R invoice', set: 'Invoices', body: invoiceBody({ CardCode: 'T20001' }), status: 400, code: -10, message: "Business partner 'T20001' is not a customer" },
  { rule: 'customer on an A/P invoice', set: 'PurchaseInvoices', body: invoiceBody({ CardCode: 'C10001' }), status: 400, code: -10, message: "Business partner 'C10001' is not a supplier" },
  { rule: 'frozen customer', set: 'Invoices', body: invoiceBody({ CardCode: 'C10099' }), status: 400, code: -10, message: "Business partner 'C10099' is frozen" },
  { rule: 'unknown line account', set: 'Invoices', body: invoiceBody(service({ AccountCode: '400199', LineTotal: 5 })), status: 400, code: -2028, message: NO_MATCH },
  { rule: 'frozen line account', set: 'PurchaseInvoices', body: invoiceBody({ CardCode: 'T20001', ...service({ AccountCode: '520900', LineTotal: 5 }) }), status: 400, code: -10, message: "Account '520900' is frozen; select another account" },
  { rule: 'impossible DocDate', set: 'Invoices', body: invoiceBody({ DocDate: '2026-13-01' }), status: 400, code: -1000, message: "Property 'DocDate' of 'Document' has an invalid date '2026-13-01'; use yyyy-MM-dd or yyyy-MM-ddTHH:mm:ssZ" },
  { rule: 'locked period by DocDate', set: 'Invoices', body: invoiceBody({ DocDate: '2021-06-30' }), status: 400, code: -4013, message: 'Posting period locked; specify an alternative date' },
];

let running: RunningSim;
let clients: { v1: SlClient; v2: SlClient };

beforeAll(async () => {
  running = await startSim();
  clients = { v1: await loggedIn(running.v1), v2: await loggedIn(running.v2) };
  await control(running.origin, 'periods/lock', { from: '2021-06' });
});
afterAll(() => running.sim.close());

describe.each(['v1', 'v2'] as const)('validation (%s error shape)', (version) => {
  it.each([...journalCases, ...documentCases])(
    '$set: $rule',
    async ({ set, body, status, code, message }) => {
      const reply = await clients[version].post(set, body);
      expectSapError(reply, { status, code, message }, version);
    },
  );
});

describe('after all those refusals', () => {
  it('stored nothing and counted every refusal', async () => {
    const documents = await control<ReadBack>(running.origin, 'documents');
    expect(documents.body).toEqual({ journalEntries: [], invoices: [], purchaseInvoices: [] });
    const stats = await control<{ rejected: number }>(running.origin, 'stats');
    expect(stats.body.rejected).toBe(2 * (journalCases.length + documentCases.length));
  });
});
