/**
 * Feeding records from your trip system: a small program a company's integrator could start from. It sends one
 * trip's records of every kind to Freight Finance's import API with a bearer API token (Settings > API tokens), through
 * a client generated from the served OpenAPI document (src/api.d.ts, `npm run generate`), and prints what was
 * created, updated and rejected. With a user's e-mail and password it also signs in as the SPA does and reads back
 * the first page of the Cash Advance list.
 *
 *   FF_URL=http://localhost:8000 FF_TOKEN=ffk_... npm start -w @ff/trip-feed-example
 *   (optional) FF_EMAIL=clerk@example.com FF_PASSWORD=... to read the list back
 *   (optional) FF_TRIP=TRP-2026-0042 the trip number to send (default: one made from the time)
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './api.js';

type Schemas = components['schemas'];

const url = process.env.FF_URL ?? 'http://localhost:8000';
const token = process.env.FF_TOKEN;
if (!token) {
  console.error('Set FF_TOKEN to an API token (Settings > API tokens in Freight Finance).');
  process.exit(2);
}

/** Today in the format the import reads (yyyy-MM-dd). */
const today = new Date().toISOString().slice(0, 10);
const trip = process.env.FF_TRIP ?? `TRP-FEED-${Date.now().toString(36).toUpperCase()}`;
const common = { documentDate: today, currency: null, branch: null };
const truck = { transporterName: 'Transami Kenya', transporterCode: 'T20004', truckNumber: 'KCK 123A' };

/** One record of every kind for the trip, each typed by its kind's import row in the document. */
const feed = {
  'sales-invoices': [
    {
      ...common,
      sourceId: `${trip}-SI`,
      clientName: 'Bidco Africa',
      customerCode: 'C20000',
      cargoRef: 'CRG-1',
      clientRef: 'PO-77',
      tripNumber: trip,
      containerNumber: 'MSKU1234565',
      containerSize: '40',
      containerWeight: '24000',
      truckNumber: truck.truckNumber,
      route: 'Mombasa - Nairobi',
      amount: '185000.00',
      vatGroup: null,
    },
  ] satisfies Schemas['SalesInvoiceImportRow'][],
  'transporter-invoices': [
    {
      ...common,
      ...truck,
      sourceId: `${trip}-TI`,
      cargoReference: 'CRG-1',
      clientRef: 'PO-77',
      tripNumber: trip,
      containerNumber: 'MSKU1234565',
      containerSize: '40',
      containerWeight: '24000',
      routeDetails: 'Mombasa - Nairobi',
      invoiceAmount: '120000.00',
    },
  ] satisfies Schemas['TransporterInvoiceImportRow'][],
  'cash-advances': [
    {
      ...common,
      ...truck,
      sourceId: `${trip}-CA`,
      tripNumber: trip,
      route: 'Mombasa - Nairobi',
      amount: '15000.00',
    },
  ] satisfies Schemas['CashAdvanceImportRow'][],
  'fuel-advances': [
    {
      ...common,
      ...truck,
      sourceId: `${trip}-FA`,
      tripNumber: trip,
      route: 'Mombasa - Nairobi',
      orderNumber: 'FO-1',
      warehouse: 'MSA',
      description: 'Diesel',
      originQuantity: '300',
      unitPrice: '172.50',
    },
  ] satisfies Schemas['FuelAdvanceImportRow'][],
  'vas-transactions': [
    {
      ...common,
      ...truck,
      sourceId: `${trip}-VAS`,
      tripNumber: trip,
      orderNumber: 'VO-1',
      supplierName: 'Kenya Ports Authority',
      supplierCode: 'V10000',
      warehouse: 'MSA',
      description: 'Container scanning',
      productType: 'Escort & Security',
      originQuantity: '1',
      buyingUnitPrice: '2500.00',
      sellingUnitPrice: '3000.00',
    },
  ] satisfies Schemas['VasTransactionImportRow'][],
};
type Kind = keyof typeof feed;

const api = createClient<paths>({ baseUrl: url, headers: { authorization: `Bearer ${token}` } });

let failed = false;
for (const kind of Object.keys(feed) as Kind[]) {
  const { data, error, response } = await api.POST('/api/v1/import/{kind}', {
    params: { path: { kind } },
    body: feed[kind],
  });
  if (!data) {
    // 401: the token is unknown, revoked or expired; 403: it may not import this kind; 422: not an array.
    console.log(`${kind}: refused (${response.status}): ${error?.message ?? response.statusText}`);
    failed = true;
    continue;
  }
  console.log(
    `${kind}: ${data.received} received, ${data.inserted} created, ${data.updated} updated, ${data.unchanged} unchanged, ${data.rejected.length} rejected`,
  );
  for (const row of data.rejected)
    console.log(`  rejected ${row.sourceId ?? `#${row.index}`}: ${row.errors.join(' ')}`);
}

if (process.env.FF_EMAIL && process.env.FF_PASSWORD)
  await readBack(process.env.FF_EMAIL, process.env.FF_PASSWORD);
process.exit(failed ? 1 : 0);

/**
 * Signs in as the SPA does (the CSRF cookie, then POST /login with the X-XSRF-TOKEN header and the session cookie)
 * and reads the first page of the Cash Advance list, which a person's permissions guard, not a token.
 */
async function readBack(email: string, password: string) {
  const cookies = new Map<string, string>();
  const session: Middleware = {
    onRequest({ request }) {
      if (cookies.size) request.headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      const xsrf = cookies.get('XSRF-TOKEN');
      if (xsrf) request.headers.set('x-xsrf-token', decodeURIComponent(xsrf));
      return request;
    },
    onResponse({ response }) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
      }
      return response;
    },
  };
  const user = createClient<paths>({ baseUrl: url });
  user.use(session);
  await user.GET('/sanctum/csrf-cookie');
  const signedIn = await user.POST('/login', { body: { email, password } });
  if (signedIn.response.status !== 204) {
    console.log(`sign-in refused (${signedIn.response.status}); the list is not read back`);
    failed = true;
    return;
  }
  const list = await user.GET('/api/v1/journalCashAdvance', {
    params: { query: { perPage: 5, search: trip } },
  });
  const page = list.data && 'meta' in list.data ? list.data : undefined;
  if (!page) {
    console.log(`reading the Cash Advance list failed (${list.response.status})`);
    failed = true;
    return;
  }
  console.log(`Cash Advance list, trip ${trip}: ${page.meta.total} awaiting posting`);
  for (const row of page.data)
    console.log(`  ${row.tripNumber}  ${row.amount}  ${row.status ?? 'not posted'}`);
}
