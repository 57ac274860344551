import {
  SETTINGS_MESSAGES,
  type ConnectionSetting,
  type ConnectionTestResult,
  type TestConnectionBody,
  type TestConnectionResult,
  type UpdateConnectionSettingBody,
} from '@ff/contract';
import type { Db } from '../../db/client.js';
import { isSapError } from '../../erp/sap-error.js';
import type { ServiceLayerClient } from '../../erp/service-layer-client.js';
import { notFound, ValidationFailed } from '../../lib/errors.js';
import type { AuditContext, AuditService } from '../audits/audit.service.js';
import type {
  ConnectionSettingRecord,
  ConnectionSettingsRepository,
} from './connection-settings.repository.js';
import { createSapStatus } from './sap-status.js';
import { StoredPasswordUnreadable, type StoredSapCredentials } from './stored-sap-credentials.js';

/** A password of only spaces counts as blank: it keeps (or, for a test, uses) the stored one. */
const isBlank = (password: string) => password.trim() === '';

/** The stored password never leaves the server: `password` is always blank, `hasPassword` says if one is saved. */
const toSetting = (row: ConnectionSettingRecord): ConnectionSetting => ({
  id: row.id,
  companyDb: row.companyDb,
  username: row.username,
  password: '',
  hasPassword: row.passwordEncrypted !== null,
});

const short = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

export function createSettingsService(deps: {
  db: Db;
  repository: ConnectionSettingsRepository;
  credentials: StoredSapCredentials;
  sap: ServiceLayerClient;
  audit: AuditService;
  /** Of the status check's `checkedAt`; UTC when not given. */
  timeZone?: string;
}) {
  const { db, repository, credentials, sap, audit } = deps;
  const status = createSapStatus({ sap, timeZone: deps.timeZone ?? 'UTC' });

  /**
   * Logs in to the Service Layer with these values and out again, without touching the session postings
   * use. A blank password tests the stored one. Always answers; a failure says which it was, with SAP's reason.
   */
  async function tryConnection(
    body: TestConnectionBody,
    context: AuditContext,
  ): Promise<ConnectionTestResult> {
    let result: Omit<ConnectionTestResult, 'status'>;
    try {
      let password = body.password;
      if (isBlank(password)) {
        const stored = (await repository.first())?.passwordEncrypted;
        if (!stored) throw ValidationFailed.field('password', SETTINGS_MESSAGES.passwordRequired);
        password = credentials.openPassword(stored);
      }
      await sap.testLogin({ companyDb: body.companyDb, username: body.username, password });
      result = { ok: true, state: 'connected', message: SETTINGS_MESSAGES.testSucceeded };
    } catch (error) {
      if (error instanceof StoredPasswordUnreadable)
        result = { ok: false, state: 'not-configured', message: error.message };
      else if (isSapError(error))
        result = { ok: false, state: error.connectionProblem ?? 'unreachable', message: error.userMessage };
      else throw error;
    }
    const outcome = result.ok ? 'succeeded' : `failed: ${short(result.message)}`;
    await audit.record(
      context,
      `Tested the SAP connection (company ${body.companyDb}, user ${body.username}): ${outcome}`,
    );
    // Both test routes answer the same body (issue 23): the spec's `status` beside `ok` and `state`.
    return { status: result.ok ? 'success' : 'failed', ...result };
  }

  return {
    /** The connection setting list; a blank row is created the first time so the screen has one to edit. */
    async list(): Promise<ConnectionSetting[]> {
      let rows = await repository.list();
      if (rows.length === 0) {
        await repository.insertIfEmpty({ companyDb: '', username: '', passwordEncrypted: null });
        rows = await repository.list();
      }
      return rows.map(toSetting);
    },

    /** Saves Company DB and Username, and the password unless it is left blank; the next SAP call uses them. */
    async update(
      id: number,
      body: UpdateConnectionSettingBody,
      context: AuditContext,
    ): Promise<ConnectionSetting> {
      const row = await repository.findById(id);
      if (!row) throw notFound('The connection setting does not exist.');
      const newPassword = isBlank(body.password) ? undefined : body.password;
      if (newPassword === undefined && row.passwordEncrypted === null) {
        throw ValidationFailed.field('password', SETTINGS_MESSAGES.passwordRequired);
      }
      const passwordEncrypted = newPassword === undefined ? undefined : credentials.box.seal(newPassword);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await repository.update(
          id,
          {
            companyDb: body.companyDb,
            username: body.username,
            updatedById: context.actor.id,
            ...(passwordEncrypted ? { passwordEncrypted } : {}),
          },
          tx,
        );
        await audit.record(
          context,
          `Updated the SAP connection settings (company ${body.companyDb}, user ${body.username})`,
          tx,
        );
      });
      credentials.forget();
      status.forget();
      return toSetting((await repository.findById(id))!);
    },

    /** The spec's `POST /testConnection`: `{status, message}`, the message saying which failure it was. */
    /** `POST /testConnection` (the spec's): `{status, message}`, with `ok` and `state` beside them. */
    testConnection: (body: TestConnectionBody, context: AuditContext): Promise<TestConnectionResult> =>
      tryConnection(body, context),

    /** `POST /settings/connection/test`: the same test, answering which failure it was. */
    tryConnection,

    /** `GET /sap-status`: the stored connection's state, checked at most once a minute unless `refresh`. */
    sapStatus: (options: { refresh?: boolean } = {}) => status.read(options),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
