import type { SimContext } from '../context.js';
import { FUNCTION_IMPORTS, type FunctionImportName } from '../entities.js';
import { sapError } from '../errors.js';
import { fromMicros } from '../money.js';
import { collectionEnvelope, renderEntity, valueEnvelope } from '../odata/format.js';
import { splitQuery } from '../odata/query.js';
import { financePeriods } from '../periods.js';
import { parseRateDate, rateMicros } from '../rates.js';
import type { EntityRecord } from '../records.js';
import { parseJsonObject } from '../validation/payload.js';
import type { SlReply, SlRequest } from './types.js';

/**
 * Unbound function imports, all POST: `CompanyService_GetFinancePeriods` (body optional, its parameter ignored:
 * one period category), `CompanyService_GetAdminInfo` (no body) and `SBOBobService_GetCurrencyRate`
 * (`{"Currency": "USD", "Date": "20261127"}`). A body names only the function's parameters. Query options are
 * refused: SAP's functions take none.
 */
function checkCall(request: SlRequest, name: FunctionImportName): Record<string, unknown> {
  const definition = FUNCTION_IMPORTS[name];
  const body = request.body.trim() === '' ? {} : parseJsonObject(request.body);
  for (const property of Object.keys(body)) {
    if (!(definition.parameters as readonly string[]).includes(property)) {
      throw sapError('unknownProperty', { property, type: name });
    }
  }
  for (const [option] of splitQuery(request.search)) {
    if (option.startsWith('$')) {
      throw sapError('invalidQuery', { option, detail: `query options are not supported on ${name}` });
    }
  }
  return body;
}

function stringParameter(body: Record<string, unknown>, property: string, type: string): string {
  const value = body[property];
  if (value === undefined || value === null || value === '')
    throw sapError('missingProperty', { property, type });
  if (typeof value !== 'string') throw sapError('wrongType', { property, type, expected: 'Edm.String' });
  return value;
}

/** KES per 1 unit of `Currency` on `Date`; 1 for the local currency; SAP's -4006 when the day has no rate. */
function currencyRate(context: SimContext, body: Record<string, unknown>): number {
  const name = 'SBOBobService_GetCurrencyRate';
  const code = stringParameter(body, 'Currency', name);
  const text = stringParameter(body, 'Date', name);
  const date = parseRateDate(text);
  if (!date) throw sapError('invalidRateDate', { value: text });
  const { data } = context.store;
  if (!data.currencies.has(code)) throw sapError('noMatchingRecords');
  if (code === data.company.LocalCurrency) return 1;
  const micros = rateMicros(data.rates, code, date, context.today());
  if (micros === undefined) throw sapError('missingRate');
  return fromMicros(micros);
}

export function adminInfo(context: SimContext): EntityRecord {
  const { company } = context.store.data;
  return {
    CompanyName: company.CompanyName,
    Country: company.Country,
    LocalCurrency: company.LocalCurrency,
    SystemCurrency: company.SystemCurrency,
    DirectIndirectRate: 'tYES',
    EnableBranches: company.EnableBranches,
  };
}

export function callFunction(context: SimContext, request: SlRequest, name: FunctionImportName): SlReply {
  const body = checkCall(request, name);
  const { version, root } = request;
  switch (name) {
    case 'SBOBobService_GetCurrencyRate':
      return { status: 200, body: valueEnvelope(version, root, 'Edm.Double', currencyRate(context, body)) };
    case 'CompanyService_GetAdminInfo': {
      const type = FUNCTION_IMPORTS[name].returns.type;
      const entity = renderEntity(adminInfo(context), type, version);
      return { status: 200, body: valueEnvelope(version, root, `SAPB1.${type.name}`, entity) };
    }
    case 'CompanyService_GetFinancePeriods': {
      const type = FUNCTION_IMPORTS[name].returns.type;
      const items = financePeriods(context.store.data).map((period) => renderEntity(period, type, version));
      return {
        status: 200,
        body: collectionEnvelope(version, root, `Collection(SAPB1.${type.name})`, items, undefined),
      };
    }
  }
}
