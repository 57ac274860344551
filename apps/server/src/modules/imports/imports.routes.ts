import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { messageBody } from '@ff/contract';
import { forbidden, notFound } from '../../lib/errors.js';
import { nameSchema, pascalCase } from '../../plugins/openapi-schemas.js';
import { IMPORT_KINDS, importPiece, isImportKind } from './import-schemas.js';
import type { ImportsService } from './imports.service.js';

/** 10,000 rows of the widest kind are about 5 MiB of JSON. */
export const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

const importBody = z
  .array(z.unknown(), { error: 'Send the rows as a JSON array of objects.' })
  .max(MAX_IMPORT_ROWS, `Send at most ${MAX_IMPORT_ROWS} rows per call; split larger imports.`);

/** The answer to an import (imports.service.ts `ImportReport`): counts, and each rejected row with its reasons. */
const importReport = nameSchema(
  z.object({
    kind: z.enum(IMPORT_KINDS),
    received: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.array(
      z.object({
        index: z.number().int().optional(),
        line: z.number().int().optional(),
        sourceId: z.string().optional(),
        errors: z.array(z.string()),
      }),
    ),
  }),
  'ImportReport',
);

/**
 * The import's body as the OpenAPI document shows it: an array of any kind's rows, each kind's row named
 * (`CashAdvanceRecordImportRow`, ...), so a client can check a row before sending it. The route itself takes any
 * array and checks each row, answering which it rejected and why.
 */
function documentedBody(timeZone: string) {
  const rows = IMPORT_KINDS.map((kind) => {
    const piece = importPiece(kind);
    return nameSchema(piece.schema(timeZone), `${pascalCase(piece.noun[0])}ImportRow`);
  });
  return z
    .array(z.union(rows as unknown as [ZodType, ZodType, ...ZodType[]]))
    .max(MAX_IMPORT_ROWS)
    .describe("The rows of the kind in the path (see each kind's ImportRow schema).");
}

/** The transport management system's import: `POST /api/v1/import/:kind` with a Bearer API token. */
export function registerImportRoutes(app: FastifyInstance, service: ImportsService, timeZone: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/import/:kind',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { access: { auth: 'apiToken' }, openapiBody: documentedBody(timeZone) },
      schema: {
        params: z.object({ kind: z.enum(IMPORT_KINDS) }),
        body: importBody,
        response: {
          200: importReport,
          403: messageBody.describe(
            'The API token may not import this kind; the message names the kinds it may.',
          ),
          404: messageBody.describe('There is no import of this kind.'),
        },
      },
      // An unknown kind is a missing resource (404), answered before the body is judged.
      preValidation: async (request) => {
        const { kind } = request.params as { kind: string };
        if (!isImportKind(kind))
          throw notFound(`There is no import of "${kind}". Use one of: ${IMPORT_KINDS.join(', ')}.`);
      },
    },
    async (request) => {
      const { kind } = request.params;
      const client = request.apiClient!;
      if (client.kinds && !client.kinds.includes(kind))
        throw forbidden(
          `The API token "${client.name}" may import ${client.kinds.join(', ')} only, not ${kind}. Ask an administrator for a token that may.`,
        );
      const via = `via API token "${client.name}"`;
      return service.importJson(kind, request.body, {
        context: { actor: { id: null, name: `API token "${client.name}"` }, ip: request.ip },
        via,
      });
    },
  );
}
