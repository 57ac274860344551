import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { AuditService } from '../audits/audit.service.js';
import type { ApiTokenRecord, ApiTokensRepository } from './api-tokens.repository.js';

/** Every token starts with this, so secret scanners and people recognise one in a log or a commit. */
export const API_TOKEN_PREFIX = 'ffk_';
const TOKEN_NAME = /^[\w .@-]{1,100}$/;

export class ApiTokenError extends Error {
  override name = 'ApiTokenError';
}

/**
 * Bearer tokens for the transport management system's calls to the import API. Only the SHA-256 of a
 * token is stored (tokens are 256 random bits, so a fast hash is enough); the token itself is shown once.
 * Names are unique among the tokens not revoked.
 */
export function createApiTokensService(deps: { db: Db; tokens: ApiTokensRepository; audit: AuditService }) {
  const { db, tokens, audit } = deps;

  return {
    async create(rawName: string, context: AuditContext): Promise<{ record: ApiTokenRecord; token: string }> {
      const name = rawName.trim();
      if (!TOKEN_NAME.test(name)) {
        throw new ApiTokenError(
          'A token name is 1 to 100 letters, digits, spaces, dots, @, _ or -, e.g. "tms".',
        );
      }
      const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
      const record = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        if (await tokens.findActiveByName(name, tx)) {
          throw new ApiTokenError(
            `An active token named "${name}" already exists; revoke it first or choose another name.`,
          );
        }
        const created = await tokens.create({ name, tokenHash: sha256Hex(token) }, tx);
        await audit.record(context, `Created API token "${name}"`, tx);
        return created;
      });
      return { record, token };
    },

    list: () => tokens.list(),

    /** Revokes by id (all digits) or by the name of an active token. */
    async revoke(nameOrId: string, context: AuditContext): Promise<ApiTokenRecord> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const key = nameOrId.trim();
        const found = /^\d+$/.test(key)
          ? await tokens.findById(Number(key), tx)
          : await tokens.findActiveByName(key, tx);
        if (!found)
          throw new ApiTokenError(`No active API token named or numbered "${key}". See tokens:list.`);
        if (found.revokedAt)
          throw new ApiTokenError(`API token ${found.id} ("${found.name}") is already revoked.`);
        await tokens.revoke(found.id, tx);
        await audit.record(context, `Revoked API token "${found.name}"`, tx);
        return found;
      });
    },

    /** For the access hook: the token's client, or null when unknown or revoked. Marks the token used. */
    async verify(token: string): Promise<{ id: number; name: string } | null> {
      if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
      return (await tokens.useByHash(sha256Hex(token))) ?? null;
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
