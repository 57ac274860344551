import { STATUS_CODES } from 'node:http';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { messageBody, validationErrorBody } from '@ff/contract';
import { declareContextAccess, gatedByTwoFactorSetup, type RouteAccess } from './access.js';
import { operationOf, TAGS } from './openapi-operations.js';
import { API_SCHEMAS, keepUsedSchemas } from './openapi-schemas.js';
import { SESSION_COOKIE } from './session.js';

/** Where the OpenAPI document and its browsable pages are served (signed-in users only). */
export const OPENAPI_DOCUMENT_URL = '/api/openapi.json';
export const OPENAPI_UI_URL = '/api/docs';

const SIGNED_IN: RouteAccess = { auth: 'user', permission: null };
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The three ways a request proves who sends it (plugins/access.ts). */
const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session cookie (HttpOnly): GET /sanctum/csrf-cookie issues an anonymous one, POST /login a signed-in one.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description:
      'The value of the XSRF-TOKEN cookie, sent back on every POST, PUT, PATCH and DELETE with the session cookie.',
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "An API token of the transport management system's import: `Authorization: Bearer <token>` (no cookie, no CSRF).",
  },
} as const;

/** The answers the app's plugins give on a route's behalf, each described once (errors.ts, access.ts, app.ts's rate limit). */
const PLUGIN_ANSWERS = {
  unauthenticated: messageBody.describe('Not signed in, or the account or its role is disabled.'),
  badToken: messageBody.describe(
    'No live API token in `Authorization: Bearer <token>` (answered with WWW-Authenticate: Bearer).',
  ),
  forbidden: messageBody.describe('The role lacks the permission the route needs; the message names it.'),
  forbiddenOrTwoFactor: messageBody
    .extend({ code: z.string().optional() })
    .describe(
      'The role lacks the permission the route needs (the message names it), or the role requires two-factor sign-in the user has not set up (`code`: `two_factor_setup_required`).',
    ),
  csrf: messageBody.describe('The X-XSRF-TOKEN header is missing or does not match the session.'),
  invalid: validationErrorBody.describe('The request failed validation: one message per field.'),
  tooMany: messageBody.describe(
    'Too many requests from this address; try again after the Retry-After seconds.',
  ),
  other: messageBody.describe(
    'Any other error (400 invalid JSON, 404, 413, 415, 500, 503 while the database is away): one sentence.',
  ),
};

/** The security requirement of a route: who may call it and with what. */
function securityOf(access: RouteAccess, method: string) {
  if (access.auth === 'apiToken') return [{ bearerToken: [] }];
  const csrf = UNSAFE.has(method) && !(access.auth === 'public' && access.csrf === false);
  if (csrf) return [{ sessionCookie: [], csrfHeader: [] }];
  return access.auth === 'user' ? [{ sessionCookie: [] }] : [];
}

/** The error answers the plugins give on this route, for statuses the route does not describe itself. */
function pluginAnswersOf(access: RouteAccess, method: string, url: string): Record<string, ZodType> {
  const answers: Record<string, ZodType> = {};
  if (access.auth === 'apiToken') answers['401'] = PLUGIN_ANSWERS.badToken;
  if (access.auth === 'user') answers['401'] = PLUGIN_ANSWERS.unauthenticated;
  if (access.auth === 'user' && access.permission !== null) answers['403'] = PLUGIN_ANSWERS.forbidden;
  if (access.auth === 'user' && gatedByTwoFactorSetup(url))
    answers['403'] = PLUGIN_ANSWERS.forbiddenOrTwoFactor;
  if (securityOf(access, method).some((requirement) => 'csrfHeader' in requirement))
    answers['419'] = PLUGIN_ANSWERS.csrf;
  answers['422'] = PLUGIN_ANSWERS.invalid;
  answers['429'] = PLUGIN_ANSWERS.tooMany;
  answers.default = PLUGIN_ANSWERS.other;
  return answers;
}

const zodTransform = createJsonSchemaTransform({ skipList: [], schemaRegistry: API_SCHEMAS });
const namedSchemas = createJsonSchemaTransformObject({ schemaRegistry: API_SCHEMAS });

/**
 * Each route's zod schemas to JSON Schema (fastify-type-provider-zod), completed with its security requirement
 * and the plugins' error answers. Hidden routes (the docs' own) and routes without an access rule (the SPA's
 * files) are left out.
 */
const transform: SwaggerTransform = (input) => {
  const { route } = input;
  const access = route.config?.access;
  const method = String(route.method);
  if (!access || input.schema?.hide) return { schema: { hide: true }, url: input.url };
  const own = (input.schema?.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = { ...pluginAnswersOf(access, method, input.url), ...own };
  // A route may describe its body to the document apart from what it validates (the import checks each row
  // itself, so it can answer which rows it rejected).
  const body = route.config?.openapiBody ?? input.schema?.body;
  const { schema, url } = zodTransform({ ...input, schema: { ...input.schema, body, response } });
  const described = schema.response as Record<string, { description?: string }>;
  // A named shape's answer is a $ref, which holds no description: the route's own (or the plugin's) is kept.
  for (const [status, answer] of Object.entries(described))
    answer.description ??=
      (response[status] as ZodType | undefined)?.description ?? STATUS_CODES[status] ?? 'Any other answer';
  // Public routes say so (`security: []`); the others name the proof they need.
  const security = securityOf(access, method);
  const operation = operationOf(method, url.replace(/:(\w+)/g, '{$1}'));
  const named = operation
    ? {
        operationId: operation.id,
        summary: operation.summary,
        tags: [operation.tag],
        ...(operation.description ? { description: operation.description } : {}),
      }
    : {};
  return { schema: { ...schema, ...named, security } as FastifySchema, url };
};

/**
 * The OpenAPI 3.1 document, generated from the zod route schemas: call it after the error plugin's compilers and
 * before any route is registered, as the document holds the routes registered after it. The document and Swagger
 * UI are served by registerOpenApiRoutes.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Freight Finance API',
        version: '1.0.0',
        description:
          'Trip records from the transport management system, posted to SAP Business One exactly once.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // The server that serves this document (a relative URL: wherever the product runs).
      servers: [{ url: '/', description: 'This Freight Finance server' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform,
    transformObject: (input) => keepUsedSchemas(namedSchemas(input) as Record<string, unknown>),
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body the OpenAPI document shows, when it is not the one the route validates. */
    openapiBody?: ZodType;
  }
}

/**
 * The document at OPENAPI_DOCUMENT_URL and Swagger UI at OPENAPI_UI_URL, both for signed-in users only: register
 * them with the other routes, after registerAccessControl. Swagger UI runs under the app's CSP as it is (its
 * scripts and styles are files of our origin, and it fetches no validator badge).
 */
export async function registerOpenApiRoutes(app: FastifyInstance) {
  await app.register(async (docs) => {
    declareContextAccess(docs, SIGNED_IN);
    // Like every API answer, the pages (and Swagger UI's files) are never cached.
    docs.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    docs.get(OPENAPI_DOCUMENT_URL, { schema: { hide: true } }, async () => docs.swagger());
    await docs.register(swaggerUi, { routePrefix: OPENAPI_UI_URL });
  });
}
