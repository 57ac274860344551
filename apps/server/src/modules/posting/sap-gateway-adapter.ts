import { isSapError, type SapError } from '../../erp/sap-error.js';
import type { ServiceLayerClient } from '../../erp/service-layer-client.js';
import { SapPostingFailure, type SapDocumentRef, type SapGateway } from './sap-gateway.js';

/** SapError kinds in the posting protocol's words: was the document created, not created, or unknown? */
function toFailure(error: SapError): SapPostingFailure {
  switch (error.kind) {
    case 'business':
      return new SapPostingFailure('refused', error.message, error.code);
    case 'auth':
    case 'unavailable':
      // 'SAP refused the login (...)' or 'SAP could not be reached ...': the erp layer words which it was.
      return new SapPostingFailure('unreachable', error.userMessage, error.code);
    case 'timeout':
    case 'outcome-unknown':
      return new SapPostingFailure(
        'unknown',
        `SAP did not confirm the posting (${error.message.replace(/\.$/, '')}).`,
        error.code,
      );
  }
}

const refOf = (entity: string, body: Record<string, unknown> | null): SapDocumentRef => {
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  if (!body) return { docEntry: null, docNum: null };
  return entity === 'JournalEntries'
    ? { docEntry: num(body.JdtNum), docNum: num(body.Number) }
    : { docEntry: num(body.DocEntry), docNum: num(body.DocNum) };
};

/** The posting engine's view of the one Service Layer client. */
export function sapGatewayFor(client: ServiceLayerClient): SapGateway {
  return {
    async create(document) {
      try {
        const created = await client.post<Record<string, unknown> | null>(document.entity, document.payload);
        return refOf(document.entity, created);
      } catch (error) {
        throw isSapError(error) ? toFailure(error) : error;
      }
    },
    async findByReference(document, key) {
      const found = await client.findByReference(document.entity, document.referenceField, key);
      return found ? refOf(document.entity, found as Record<string, unknown>) : null;
    },
  };
}
