import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMISSIONS, securitySettings, validationErrorBody } from '@ff/contract';
import { auditContextOf, currentUserOf } from '../../plugins/access.js';
import type { SecuritySettingsService } from './security-settings.service.js';

/** `GET`/`PUT /api/v1/settings/security`: "require two-factor sign-in for administrators". Manage Settings only. */
export function registerSecuritySettingsRoutes(app: FastifyInstance, service: SecuritySettingsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { auth: 'user' as const, permission: PERMISSIONS.manageSettings };
  r.get(
    '/api/v1/settings/security',
    { config: { access }, schema: { response: { 200: securitySettings } } },
    () => service.get(),
  );
  r.put(
    '/api/v1/settings/security',
    {
      config: { access },
      schema: {
        body: securitySettings,
        response: {
          200: securitySettings,
          422: validationErrorBody.describe(
            'Refused under `requireTwoFactorForAdmins`: turning it on needs your own two-factor sign-in first.',
          ),
        },
      },
    },
    async (request) => service.update(request.body, currentUserOf(request), auditContextOf(request)),
  );
}
