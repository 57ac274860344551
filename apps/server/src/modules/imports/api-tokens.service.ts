import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { API_TOKEN_MESSAGES, API_TOKEN_NAME, type ApiToken, type ImportKindOption } from '@ff/contract';
import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { formatDateTime, formatDay, instantOfWallClock } from '../../lib/time.js';
import { NO_VALID_API_TOKEN } from '../../plugins/access.js';
import type { AuditService } from '../audits/audit.service.js';
import type { ApiTokenRecord, ApiTokensRepository } from './api-tokens.repository.js';
import { IMPORT_KINDS, importPiece, isImportKind, type ImportKind } from './import-schemas.js';

/** Every token starts with this, so secret scanners and people recognise one in a log or a commit. */
export const API_TOKEN_PREFIX = 'ffk_';

/**
 * A refusal of the token rules (the CLI prints the message): about a field of a new token (the API answers 422
 * for it), or a token to revoke that does not exist (404) or is already revoked (409).
 */
export class ApiTokenError extends Error {
  override name = 'ApiTokenError';
  constructor(
    message: string,
    readonly reason: 'name' | 'kinds' | 'expiresOn' | 'missing' | 'revoked' = 'name',
  ) {
    super(message);
  }
}

/** What the access hook learns of a bearer token: the caller, or why it is refused (a 401's message). */
export type ApiTokenCheck = { ok: true; client: ApiClient } | { ok: false; message: string };
/** The caller of an import: its token's id and name, and the imports it may call (null: every one). */
export type ApiClient = { id: number; name: string; kinds: readonly string[] | null };

/** What a new token may call and until when; the CLI's tokens may call every import and never expire. */
export type NewTokenOptions = { kinds?: readonly string[] | null; expiresOn?: string | null };

/** The imports a token may be allowed, as the form lists them ('cash-advances', 'Cash advances'). */
export const IMPORT_KIND_OPTIONS: ImportKindOption[] = IMPORT_KINDS.map((name) => {
  const plural = importPiece(name).noun[1];
  return { name, label: plural.charAt(0).toUpperCase() + plural.slice(1) };
});

/**
 * Bearer tokens for the trip system's calls to the import API (issue 23: created, listed and revoked in
 * Settings > API tokens, or with the CLI on a stopped server). Only the SHA-256 of a token is stored (tokens are
 * 256 random bits, so a fast hash is enough); the token itself is shown once. Names are unique among the tokens not
 * revoked. A token may be limited to some imports and may expire (at the end of its last day in `timeZone`).
 */
export function createApiTokensService(deps: {
  db: Db;
  tokens: ApiTokensRepository;
  audit: AuditService;
  timeZone: string;
}) {
  const { db, tokens, audit, timeZone } = deps;
  const when = (value: Date) => format(value, 'd MMM yyyy HH:mm', { in: tz(timeZone) });

  /** The instant a token whose last day is `day` stops working: the start of the next day. */
  function expiryOf(day: string | null | undefined): Date | null {
    if (day === null || day === undefined) return null;
    const start = instantOfWallClock(`${day}T00:00`, timeZone);
    if (Number.isNaN(start.getTime())) throw new ApiTokenError(API_TOKEN_MESSAGES.expiryFormat, 'expiresOn');
    if (day < formatDay(new Date(), timeZone))
      throw new ApiTokenError(API_TOKEN_MESSAGES.expiryPast, 'expiresOn');
    const next = new Date(`${day}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return instantOfWallClock(`${next.toISOString().slice(0, 10)}T00:00`, timeZone);
  }

  function kindsOf(kinds: readonly string[] | null | undefined): ImportKind[] | null {
    if (kinds === null || kinds === undefined) return null;
    const unknown = kinds.filter((kind) => !isImportKind(kind));
    if (unknown.length)
      throw new ApiTokenError(
        `There is no import of ${unknown.map((k) => `"${k}"`).join(', ')}. Choose from: ${IMPORT_KINDS.join(', ')}.`,
        'kinds',
      );
    if (!kinds.length) throw new ApiTokenError(API_TOKEN_MESSAGES.kindsRequired, 'kinds');
    // In the registry's order, each once.
    return IMPORT_KINDS.filter((kind) => kinds.includes(kind));
  }

  const statusOf = (row: ApiTokenRecord): ApiToken['status'] =>
    row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= Date.now() ? 'expired' : 'active';

  /** A server date-time ('yyyy-MM-dd HH:mm:ss' in the time zone), or null. */
  const at = (value: Date | null) => (value ? formatDateTime(value, timeZone) : null);

  /** A token as the list answers it (never its hash). Its last working day is the day before it stops. */
  const answerOf = (row: ApiTokenRecord): ApiToken => ({
    id: row.id,
    name: row.name,
    kinds: row.kinds ?? null,
    createdBy: row.createdByName ?? null,
    createdAt: at(row.createdAt)!,
    expiresOn: row.expiresAt ? formatDay(new Date(row.expiresAt.getTime() - 1), timeZone) : null,
    expiresAt: at(row.expiresAt),
    lastUsedAt: at(row.lastUsedAt),
    lastUsedFrom: row.lastUsedIp ?? null,
    revokedAt: at(row.revokedAt),
    status: statusOf(row),
  });

  /** The audit line's description of what a token may do. */
  const scopeOf = (row: ApiTokenRecord) =>
    `${row.kinds ? `may import ${row.kinds.join(', ')}` : 'may import every kind'}${
      row.expiresAt ? `, until ${when(row.expiresAt)}` : ''
    }`;

  return {
    async create(
      rawName: string,
      context: AuditContext,
      options: NewTokenOptions = {},
    ): Promise<{ record: ApiTokenRecord; token: string }> {
      const name = rawName.trim();
      if (!API_TOKEN_NAME.test(name)) throw new ApiTokenError(API_TOKEN_MESSAGES.nameCharacters);
      const kinds = kindsOf(options.kinds);
      const expiresAt = expiryOf(options.expiresOn);
      const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
      const record = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        if (await tokens.findActiveByName(name, tx)) {
          throw new ApiTokenError(
            `An active token named "${name}" already exists; revoke it first or choose another name.`,
          );
        }
        const created = await tokens.create(
          {
            name,
            tokenHash: sha256Hex(token),
            kinds,
            expiresAt,
            createdById: context.actor.id,
            createdByName: context.actor.id === null ? null : context.actor.name,
          },
          tx,
        );
        await audit.record(context, `Created API token "${name}" (${scopeOf(created)})`, tx);
        return created;
      });
      return { record, token };
    },

    list: () => tokens.list(),
    answerOf,

    /** Revokes by id (all digits) or by the name of an active token. */
    async revoke(nameOrId: string, context: AuditContext): Promise<ApiTokenRecord> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const key = nameOrId.trim();
        const found = /^\d+$/.test(key)
          ? await tokens.findById(Number(key), tx)
          : await tokens.findActiveByName(key, tx);
        if (!found)
          throw new ApiTokenError(
            `No active API token named or numbered "${key}". See tokens:list.`,
            'missing',
          );
        const revoked = await tokens.revoke(found.id, tx);
        if (!revoked)
          throw new ApiTokenError(`API token ${found.id} ("${found.name}") is already revoked.`, 'revoked');
        await audit.record(context, `Revoked API token "${found.name}"`, tx);
        return revoked;
      });
    },

    /**
     * For the access hook: the token's caller, marking it used from `ip`; or why it is refused: unknown, revoked
     * or expired, each said in the message (the caller holds the token, so naming it tells nothing new).
     */
    async verify(token: string, ip: string): Promise<ApiTokenCheck> {
      if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200)
        return { ok: false, message: NO_VALID_API_TOKEN };
      const hash = sha256Hex(token);
      const used = await tokens.useByHash(hash, ip);
      if (used) return { ok: true, client: { id: used.id, name: used.name, kinds: used.kinds ?? null } };
      const known = await tokens.findByHash(hash);
      if (known?.revokedAt)
        return {
          ok: false,
          message: `The API token "${known.name}" was revoked on ${when(known.revokedAt)}; ask an administrator for a new one.`,
        };
      if (known?.expiresAt)
        return {
          ok: false,
          message: `The API token "${known.name}" expired on ${when(known.expiresAt)}; ask an administrator for a new one.`,
        };
      return { ok: false, message: NO_VALID_API_TOKEN };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
