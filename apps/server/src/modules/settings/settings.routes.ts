import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  connectionSettingList,
  idParam,
  messageBody,
  PERMISSIONS,
  testConnectionBody,
  testConnectionResult,
  updateConnectionSettingBody,
  updateConnectionSettingResult,
  validationErrorBody,
} from '@ff/contract';
import { auditContextOf } from '../../plugins/access.js';
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
}
