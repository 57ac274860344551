import type { SimContext } from '../context.js';
import { ENTITY_SETS, type EntitySetName } from '../entities.js';
import { sapError } from '../errors.js';
import { collectionEnvelope, entityEnvelope, renderEntity } from '../odata/format.js';
import { applySelect, nextLink, pageSizeFrom, parseQuery, runQuery } from '../odata/query.js';
import type { EntityRecord } from '../records.js';
import type { SlReply, SlRequest } from './types.js';

/** Every record of an entity set, as the entity SAP would return (dates still `yyyy-MM-dd`). */
export function recordsOf(context: SimContext, entitySet: EntitySetName): EntityRecord[] {
  const { data } = context.store;
  switch (entitySet) {
    case 'ChartOfAccounts':
      return [...data.accounts.values()].map((account) => ({ ...account }));
    case 'BusinessPartners':
      return [...data.partners.values()].map((partner) => ({ ...partner }));
    case 'Currencies':
      return [...data.currencies.values()].map((currency) => ({ ...currency }));
    case 'VatGroups':
      return [...data.vatGroups.values()].map((group) => ({
        ...group,
        VatGroups_Lines: group.VatGroups_Lines.map((l) => ({ Effectivefrom: l.Effectivefrom, Rate: l.Rate })),
      }));
    case 'DistributionRules':
      return [...data.distributionRules.values()].map((rule) => ({ ...rule }));
    case 'BusinessPlaces':
      return [...data.businessPlaces.values()].map((place) => ({ ...place }));
    default:
      return data.documents[entitySet].map((document) => document.entity);
  }
}

export function readCollection(context: SimContext, request: SlRequest, entitySet: EntitySetName): SlReply {
  const type = ENTITY_SETS[entitySet];
  const query = parseQuery(request.search, type);
  const pageSize = pageSizeFrom(request.headers);
  const page = runQuery(recordsOf(context, entitySet), query, type.key, pageSize.size);
  const items = page.items.map((entity) =>
    renderEntity(applySelect(entity, query.select), type, request.version),
  );
  const next = page.next ? nextLink(entitySet, query, page.next) : undefined;
  return {
    status: 200,
    headers: pageSize.fromPrefer ? { 'preference-applied': `odata.maxpagesize=${pageSize.size}` } : {},
    body: collectionEnvelope(request.version, request.root, entitySet, items, next),
  };
}

export function findByKey(context: SimContext, entitySet: EntitySetName, key: string | number): EntityRecord {
  const type = ENTITY_SETS[entitySet];
  const found = recordsOf(context, entitySet).find((entity) => entity[type.key] === key);
  if (!found) throw sapError('keyNotFound');
  return found;
}

export function readEntity(
  context: SimContext,
  request: SlRequest,
  entitySet: EntitySetName,
  key: string | number,
): SlReply {
  const type = ENTITY_SETS[entitySet];
  const query = parseQuery(request.search, type);
  const entity = renderEntity(
    applySelect(findByKey(context, entitySet, key), query.select),
    type,
    request.version,
  );
  return { status: 200, body: entityEnvelope(request.version, request.root, entitySet, entity) };
}
