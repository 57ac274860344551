import type { z } from 'zod';
import { idParam, messageBody, toggleStatusBody, validationErrorBody } from '@ff/contract';

/** A role or user manager may grant, or take away, only permissions they hold themselves (permission-subset.ts). */
const escalationRefused = messageBody.describe(
  'The role lacks the permission, or the target holds permissions the caller does not.',
);

/**
 * The route schemas of the role and user management calls. The POST that creates a role or a user answers
 * the record (201), or refuses with 403 (escalation) or 422 (`refused` says why).
 */
export const createSchema = <B extends z.ZodType, R extends z.ZodType>(
  body: B,
  created: R,
  refused: string,
) => ({
  body,
  response: { 201: created, 403: escalationRefused, 422: validationErrorBody.describe(refused) },
});

/**
 * The PATCH that enables or disables a role or a user (`{"toggleStatus": true|false}`) answers the record,
 * or refuses with 403 (escalation), 404 (`missing`) or 422 (`refused`).
 */
export const toggleSchema = <T extends z.ZodType>(record: T, missing: string, refused: string) => ({
  params: idParam,
  body: toggleStatusBody,
  response: {
    200: record,
    403: escalationRefused,
    404: messageBody.describe(missing),
    422: validationErrorBody.describe(refused),
  },
});

/**
 * A call on one user or role (issue 12: edit, resend an invitation, a role's permissions; spread it and add a
 * `body` where there is one): answers `answer`,
 * or refuses with 403 (escalation), 404 (`missing`), 422 (`refused`) and, when `throttled` is given, 429.
 */
export const recordSchema = <A extends z.ZodType>(options: {
  answer: A;
  missing: string;
  refused?: string;
  throttled?: string;
}) => ({
  params: idParam,
  response: {
    200: options.answer,
    403: escalationRefused,
    404: messageBody.describe(options.missing),
    ...(options.refused ? { 422: validationErrorBody.describe(options.refused) } : {}),
    ...(options.throttled ? { 429: messageBody.describe(options.throttled) } : {}),
  },
});
