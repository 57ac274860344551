import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageBody,
  PERMISSIONS,
  postConfirmationSettings,
  postingDefaultSettings,
  postingDefaultsData,
  sapVatGroupsAnswer,
} from '@ff/contract';
import { HttpError } from '../../lib/errors.js';
import { auditContextOf } from '../../plugins/access.js';
import type { PostingDefaultsService } from './posting-defaults.js';
import { VatGroupsUnavailable } from './sap-vat-groups.js';

/** SAP's failure as the 503 the caller reads; anything else as it is. */
const unavailable = (error: unknown) =>
  error instanceof VatGroupsUnavailable ? new HttpError(503, error.message) : error;

/**
 * Settings > Posting defaults (issue 25), for Manage Settings: `GET` and `PUT /api/v1/settings/posting-defaults`
 * (the default VAT group of a sales invoice line), and `GET /api/v1/settings/vat-groups`, SAP's active output VAT
 * groups for the picker. A group SAP would refuse is refused with 422; 503 when SAP cannot be asked. Issue 26:
 * the defaults also say when a post is confirmed first, which every signed-in user reads from
 * `GET /api/v1/settings/post-confirmation` (the posting screens ask it).
 */
export function registerPostingDefaultsRoutes(app: FastifyInstance, service: PostingDefaultsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { auth: 'user' as const, permission: PERMISSIONS.manageSettings };
  const answer = z.object({ data: postingDefaultsData });
  const sapAway = messageBody.describe('SAP cannot be asked for its VAT groups.');

  r.get(
    '/api/v1/settings/posting-defaults',
    { config: { access }, schema: { response: { 200: answer } } },
    async () => ({ data: await service.read() }),
  );
  r.put(
    '/api/v1/settings/posting-defaults',
    {
      config: { access },
      schema: {
        body: postingDefaultSettings,
        response: { 200: answer.extend({ message: z.string() }), 503: sapAway },
      },
    },
    async (request) => {
      try {
        return {
          message: 'Posting defaults saved.',
          data: await service.save(request.body, auditContextOf(request)),
        };
      } catch (error) {
        throw unavailable(error);
      }
    },
  );
  r.get(
    '/api/v1/settings/post-confirmation',
    {
      config: { access: { auth: 'user' as const, permission: null } },
      schema: { response: { 200: z.object({ data: postConfirmationSettings }) } },
    },
    async () => ({ data: await service.postConfirmation() }),
  );
  r.get(
    '/api/v1/settings/vat-groups',
    {
      config: { access, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { response: { 200: sapVatGroupsAnswer, 503: sapAway } },
    },
    async () => {
      try {
        return { data: await service.sapVatGroups() };
      } catch (error) {
        throw unavailable(error);
      }
    },
  );
}
