import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  connectionSettingList,
  connectionTestResult,
  idParam,
  messageBody,
  PERMISSIONS,
  sapStatus,
  sapStatusQuery,
  testConnectionBody,
  testConnectionResult,
  updateConnectionSettingBody,
  updateConnectionSettingResult,
  validationErrorBody,
} from '@ff/contract';
import { forbidden } from '../../lib/errors.js';
import { auditContextOf, currentUserOf } from '../../plugins/access.js';
import type { SettingsService } from './settings.service.js';

/** Neither the form nor the stored connection holds a password to use. */
const noPassword = validationErrorBody.describe('Refused under `password`: none given and none stored.');

/** The SAP Business One connection: read, save, test. Manage Settings only. */
export function registerSettingsRoutes(app: FastifyInstance, service: SettingsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { auth: 'user' as const, permission: PERMISSIONS.manageSettings };

  r.get(
    '/api/v1/connectionSetting',
    { config: { access }, schema: { response: { 200: connectionSettingList } } },
    async () => ({
      data: await service.list(),
    }),
  );

  const updateSchema = {
    params: idParam,
    body: updateConnectionSettingBody,
    response: {
      200: updateConnectionSettingResult,
      404: messageBody.describe('The connection setting does not exist.'),
      422: noPassword,
    },
  };
  r.patch('/api/v1/connectionSetting/:id', { config: { access }, schema: updateSchema }, async (request) =>
    service.update(request.params.id, request.body, auditContextOf(request)),
  );

  // Each test is a real SAP login; a tight limit keeps a stuck button (or a guesser) from locking the SAP user.
  r.post(
    '/api/v1/testConnection',
    {
      config: { access, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { body: testConnectionBody, response: { 200: testConnectionResult, 422: noPassword } },
    },
    async (request) => service.testConnection(request.body, auditContextOf(request)),
  );

  // Issue 12: the same test answering which failure it was, for "test before saving" on the Settings screen.
  r.post(
    '/api/v1/settings/connection/test',
    {
      config: { access, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { body: testConnectionBody, response: { 200: connectionTestResult, 422: noPassword } },
    },
    async (request) => service.tryConnection(request.body, auditContextOf(request)),
  );

  // Issue 12: the dashboard's SAP badge, for every signed-in user; SAP is asked at most once a minute, and
  // on demand (`refresh=1`) only by those who can fix the connection.
  r.get(
    '/api/v1/sap-status',
    {
      config: { access: { auth: 'user', permission: null }, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        querystring: sapStatusQuery,
        response: { 200: sapStatus, 403: messageBody.describe('`refresh=1` without Manage Settings.') },
      },
    },
    async (request) => {
      const refresh = request.query.refresh === '1';
      if (refresh && !currentUserOf(request).permissions.includes(PERMISSIONS.manageSettings))
        throw forbidden('Only users who may manage the settings can check the SAP connection again.');
      return service.sapStatus({ refresh });
    },
  );
}
