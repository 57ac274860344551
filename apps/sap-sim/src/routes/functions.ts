import type { SimContext } from '../context.js';
import { FUNCTION_IMPORTS, type FunctionImportName } from '../entities.js';
import { sapError } from '../errors.js';
import { collectionEnvelope, renderEntity } from '../odata/format.js';
import { splitQuery } from '../odata/query.js';
import { financePeriods } from '../periods.js';
import { parseJsonObject } from '../validation/payload.js';
import type { SlReply, SlRequest } from './types.js';

/**
 * Unbound function imports (`POST CompanyService_GetFinancePeriods`). The body is optional; when sent it must
 * be a JSON object naming only the function's parameters, whose values the simulator ignores (it has one
 * period category). Query options are refused: SAP's functions take none.
 */
export function callFunction(context: SimContext, request: SlRequest, name: FunctionImportName): SlReply {
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
  const type = definition.returns.type;
  const items = financePeriods(context.store.data).map((period) =>
    renderEntity(period, type, request.version),
  );
  return {
    status: 200,
    body: collectionEnvelope(
      request.version,
      request.root,
      `Collection(SAPB1.${type.name})`,
      items,
      undefined,
    ),
  };
}
