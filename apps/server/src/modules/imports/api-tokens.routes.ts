import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiTokenList,
  createApiTokenBody,
  createdApiToken,
  idParam,
  messageBody,
  PERMISSIONS,
  revokedApiToken,
} from '@ff/contract';
import { HttpError, notFound, ValidationFailed } from '../../lib/errors.js';
import { auditContextOf } from '../../plugins/access.js';
import { ApiTokenError, IMPORT_KIND_OPTIONS, type ApiTokensService } from './api-tokens.service.js';

/** The token rules' refusal as the answer the screen reads: a field's 422, 404 or 409; anything else as it is. */
function answerOf(error: unknown, id?: number): unknown {
  if (!(error instanceof ApiTokenError)) return error;
  if (error.reason === 'missing') return notFound(`There is no API token ${id ?? ''}.`.replace(' .', '.'));
  if (error.reason === 'revoked') return new HttpError(409, error.message);
  return ValidationFailed.field(error.reason, error.message);
}

/**
 * Settings > API tokens (issue 23), for "Manage API Tokens": `GET /api/v1/api-tokens` lists every token (never
 * the token itself), `POST` creates one and answers it once, `DELETE /api/v1/api-tokens/{id}` revokes one at once.
 * Each change is audited (api-tokens.service.ts); the CLI's tokens:* commands do the same on a stopped server.
 */
export function registerApiTokenRoutes(app: FastifyInstance, service: ApiTokensService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { auth: 'user' as const, permission: PERMISSIONS.manageApiTokens };

  r.get(
    '/api/v1/api-tokens',
    { config: { access }, schema: { response: { 200: apiTokenList } } },
    async () => ({
      data: (await service.list()).map(service.answerOf),
      importKinds: IMPORT_KIND_OPTIONS,
    }),
  );

  r.post(
    '/api/v1/api-tokens',
    { config: { access }, schema: { body: createApiTokenBody, response: { 201: createdApiToken } } },
    async (request, reply) => {
      try {
        const { name, kinds, expiresOn } = request.body;
        const { record, token } = await service.create(name, auditContextOf(request), { kinds, expiresOn });
        return reply.code(201).send({
          message: `API token "${record.name}" created. Copy it now: it is not shown again.`,
          token,
          data: service.answerOf(record),
        });
      } catch (error) {
        throw answerOf(error);
      }
    },
  );

  r.delete(
    '/api/v1/api-tokens/:id',
    {
      config: { access },
      schema: {
        params: idParam,
        response: {
          200: revokedApiToken,
          404: messageBody.describe('There is no API token with this id.'),
          409: messageBody.describe('The token is already revoked.'),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      try {
        const revoked = await service.revoke(String(id), auditContextOf(request));
        return { message: `API token "${revoked.name}" revoked.`, data: service.answerOf(revoked) };
      } catch (error) {
        throw answerOf(error, id);
      }
    },
  );
}
