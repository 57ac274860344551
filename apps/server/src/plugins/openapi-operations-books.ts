import type { Operation } from './openapi-tags.js';

/** The names of the routes about records, postings, reconciliation, the import and the SAP settings (openapi-operations.ts). */
export const BOOKS_OPERATIONS: Record<string, Operation> = {
  'POST /api/v1/import/{kind}': {
    id: 'importRecords',
    summary: 'Import trip records of one kind',
    tag: 'Import',
    description:
      'Inserts new rows and updates those not yet posted (matched by `sourceId`); answers counts and each rejected row with its reasons. Authenticated with a bearer API token limited to some kinds.',
  },
  'GET /api/v1/api-tokens': {
    id: 'listApiTokens',
    summary: "The import API's tokens (never the tokens themselves)",
    tag: 'Import',
  },
  'POST /api/v1/api-tokens': {
    id: 'createApiToken',
    summary: 'Create an import API token',
    tag: 'Import',
    description: 'The token is in this answer only; the server keeps its hash.',
  },
  'DELETE /api/v1/api-tokens/{id}': {
    id: 'revokeApiToken',
    summary: 'Revoke an import API token at once',
    tag: 'Import',
  },
  'GET /api/v1/connectionSetting': {
    id: 'getConnectionSetting',
    summary: 'The SAP connection',
    tag: 'Settings',
  },
  'PATCH /api/v1/connectionSetting/{id}': {
    id: 'updateConnectionSetting',
    summary: 'Change the SAP connection',
    tag: 'Settings',
  },
  'POST /api/v1/testConnection': {
    id: 'testConnection',
    summary: 'Try SAP connection details',
    tag: 'Settings',
  },
  'POST /api/v1/settings/connection/test': {
    id: 'testConnectionDetailed',
    summary: 'Try SAP connection details, with the checks SAP passed',
    tag: 'Settings',
  },
  'GET /api/v1/sap-status': { id: 'getSapStatus', summary: 'Whether SAP answers now', tag: 'Settings' },
  'GET /api/v1/dashboard': {
    id: 'getDashboard',
    summary: 'Counts and totals awaiting posting, failed and posted',
    tag: 'Records',
  },
  'GET /api/v1/settings/dimensions': {
    id: 'getDimensionRules',
    summary: 'The cost centre rules',
    tag: 'Settings',
  },
  'PUT /api/v1/settings/dimensions': {
    id: 'updateDimensionRules',
    summary: 'Replace the cost centre rules',
    tag: 'Settings',
  },
  'GET /api/v1/settings/posting-defaults': {
    id: 'getPostingDefaults',
    summary: 'The posting defaults',
    tag: 'Settings',
  },
  'PUT /api/v1/settings/posting-defaults': {
    id: 'updatePostingDefaults',
    summary: 'Change the posting defaults',
    tag: 'Settings',
  },
  'GET /api/v1/settings/post-confirmation': {
    id: 'getPostConfirmation',
    summary: 'When a post is confirmed first',
    tag: 'Settings',
  },
  'GET /api/v1/settings/vat-groups': {
    id: 'listVatGroups',
    summary: "SAP's active output VAT groups",
    tag: 'Settings',
  },
  'GET /api/v1/currency-rates': {
    id: 'listMissingCurrencyRates',
    summary: 'The days SAP has no exchange rate for',
    tag: 'Records',
  },
  'GET /api/v1/postings': {
    id: 'listPostings',
    summary: 'Posting attempts, filtered and searched',
    tag: 'Posting History',
  },
  'GET /api/v1/postings/summary': {
    id: 'summarisePostings',
    summary: 'Totals of the filtered posting attempts',
    tag: 'Posting History',
  },
  'GET /api/v1/postings/reversed': {
    id: 'listReversedRecords',
    summary: 'Which of these records had their latest posting reversed',
    tag: 'Posting History',
    description:
      'For a list page: the records of one kind, among the ids asked, whose latest posting was cancelled in SAP, with when, by whom and why.',
  },
  'GET /api/v1/postings/{id}': {
    id: 'getPosting',
    summary: 'A posting attempt with its SAP document',
    tag: 'Posting History',
  },
  'POST /api/v1/postings/{id}/reverse': {
    id: 'reversePosting',
    summary: "Cancel a posting's SAP document",
    tag: 'Reversal',
    description:
      'Exactly once: asked again, it looks in SAP before cancelling. The record can then be posted again under a new key.',
  },
  'GET /api/v1/posting-periods': {
    id: 'listPostingPeriods',
    summary: "SAP's posting periods and which are open",
    tag: 'Records',
  },
  'GET /api/v1/firstJournalTransporterInvoice/supplier-invoice-check': {
    id: 'checkSupplierInvoice',
    summary: 'Whether a supplier invoice number is already used',
    tag: 'Records',
  },
  'POST /api/v1/reconciliations': {
    id: 'runReconciliation',
    summary: 'Compare postings with SAP over a range',
    tag: 'Reconciliation',
  },
  'GET /api/v1/reconciliations': {
    id: 'listReconciliations',
    summary: 'Past reconciliations',
    tag: 'Reconciliation',
  },
  'GET /api/v1/reconciliations/{id}': {
    id: 'getReconciliation',
    summary: 'A reconciliation and its differences',
    tag: 'Reconciliation',
  },
  'POST /api/v1/reconciliations/{id}/differences/{index}/adopt': {
    id: 'adoptSapDocument',
    summary: "Adopt SAP's document for a difference",
    tag: 'Reconciliation',
  },
};
