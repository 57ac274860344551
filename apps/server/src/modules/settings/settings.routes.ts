import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, PERMISSIONS, testConnectionBody, updateConnectionSettingBody } from '@ff/contract';
import { auditContextOf } from '../../plugins/access.js';
import type { SettingsService } from './settings.service.js';

/** The SAP Business One connection: read, save, test. Manage Settings only. */
export function registerSettingsRoutes(app: FastifyInstance, service: SettingsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { auth: 'user' as const, permission: PERMISSIONS.manageSettings };

  r.get('/api/v1/connectionSetting', { config: { access } }, async () => ({ data: await service.list() }));

  r.patch(
    '/api/v1/connectionSetting/:id',
    { config: { access }, schema: { params: idParam, body: updateConnectionSettingBody } },
    async (request) => service.update(request.params.id, request.body, auditContextOf(request)),
  );

  // Each test is a real SAP login; a tight limit keeps a stuck button (or a guesser) from locking the SAP user.
  r.post(
    '/api/v1/testConnection',
    { config: { access, rateLimit: { max: 20, timeWindow: 60_000 } }, schema: { body: testConnectionBody } },
    async (request) => service.testConnection(request.body, auditContextOf(request)),
  );
}
