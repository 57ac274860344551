import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { isConnectionError } from '../db/connection-faults.js';
import { HttpError, ValidationFailed, validationMessage } from '../lib/errors.js';
import { validationSentence } from '../lib/validation-messages.js';
import { findIllFormedText } from '../lib/well-formed-text.js';

/** Zod issues become Laravel-style field errors, e.g. `{email: ['Invalid email']}`. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly errors: Record<string, string[]>) {
    super(validationMessage(errors));
  }
}

type Issue = { path: PropertyKey[]; message: string; code: string; input?: unknown };

/**
 * One message per field, the first that applies: zod runs every check of a field, so an empty mobile number
 * would otherwise also fail its format check, and "(and N more errors)" would count the echoes.
 */
function toFieldErrors(issues: readonly Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (!errors[field]) errors[field] = [issue.message];
  }
  return errors;
}

/** Validates body, query and params with the route's zod schemas; failures are 422 with field errors. */
export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    // Fastify hands a missing body over as null; validating it as {} names each missing field.
    const input = data === null || data === undefined ? {} : data;
    // Text the database would not store exactly as received (NUL, lone surrogates) is refused first.
    const illFormed = findIllFormedText(input);
    if (illFormed)
      return {
        error: new RequestValidationError({ [illFormed.path.join('.') || 'body']: [illFormed.message] }),
      };
    // A schema's own sentence (e.g. 'The posting date is required.') wins; a check without one gets ours.
    const result = (schema as ZodType).safeParse(input, {
      reportInput: true,
      error: (issue) => validationSentence(issue as Parameters<typeof validationSentence>[0]),
    });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(toFieldErrors(result.error.issues as Issue[])) };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // A route may declare no schema for a part it still reads; the validator above never sees that part, so
  // the same check runs here. Every body, query string and path parameter passes through one of the two.
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema ?? {};
    const unchecked: unknown[] = [];
    if (!schema.body) unchecked.push(request.body);
    if (!schema.querystring) unchecked.push(request.query);
    if (!schema.params) unchecked.push(request.params);
    for (const part of unchecked) {
      const illFormed = findIllFormedText(part);
      if (illFormed)
        throw new RequestValidationError({ [illFormed.path.join('.') || 'body']: [illFormed.message] });
    }
  });
}

/** Maps every failure to the docs/design/auth-contract.md error bodies; 500s are logged with the request id. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { errors?: Record<string, string[]> }, request, reply) => {
    if (error instanceof RequestValidationError || error instanceof ValidationFailed) {
      return reply.code(422).send({ message: error.message, errors: error.errors });
    }
    if (error.validation && error.cause instanceof RequestValidationError) {
      return reply.code(422).send({ message: error.cause.message, errors: error.cause.errors });
    }
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ message: error.message });
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ message: 'The request body is too large.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ message: 'Send the request body as application/json.' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ message: 'The request body is not valid JSON.' });
      default:
        break;
    }
    if (error.statusCode === 429) return reply.code(429).send({ message: 'Too Many Attempts.' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error instanceof SyntaxError)
        return reply.code(400).send({ message: 'The request body is not valid JSON.' });
      return reply.code(error.statusCode).send({ message: error.message });
    }
    if (isConnectionError(error)) {
      // The database was away (a failover, a restart): not a bug, and trying again shortly will do.
      request.log.warn({ err: error }, 'The database is not reachable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: 'The database is not reachable right now. Try again in a moment.' });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send({ message: 'Server Error' });
  });
}
