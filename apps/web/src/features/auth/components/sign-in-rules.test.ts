import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '@ff/contract';
import { forgotPasswordBody, loginBody } from '@ff/contract';
import { AUTH_FIELD_MESSAGES, forgotPasswordBodyProblems, loginBodyProblems } from '@ff/contract/plain';

// The sign-in forms check with the contract's zod-free rules (no zod in the first download); the server
// checks with its zod schemas. They must agree, message for message.

/** What a form shows for a zod schema: the first issue's message per top-level field. */
function schemaProblems(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  const problems: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0] ?? '');
    problems[field] ??= issue.message;
  }
  return problems;
}

const emails = [
  '',
  '   ',
  'plain',
  'a@b',
  '  a@b  ',
  'a @b',
  'a@b c',
  `${'x'.repeat(250)}@b.co`,
  `${'x'.repeat(260)}`,
];
const passwords = ['', ' ', 'secret', 'x'.repeat(1024), 'x'.repeat(1025)];

describe("the sign-in forms' field rules", () => {
  it('answer what loginBody answers, message for message', () => {
    for (const email of emails) {
      for (const password of passwords) {
        expect(loginBodyProblems({ email, password }), `${email} / ${password.length}`).toEqual(
          schemaProblems(loginBody, { email, password }),
        );
      }
    }
  });

  it('answer what forgotPasswordBody answers', () => {
    for (const email of emails) {
      expect(forgotPasswordBodyProblems({ email }), email).toEqual(
        schemaProblems(forgotPasswordBody, { email }),
      );
    }
  });

  it('say what is wrong in sentences', () => {
    expect(loginBodyProblems({ email: 'nobody', password: '' })).toEqual({
      email: AUTH_FIELD_MESSAGES.emailInvalid,
      password: AUTH_FIELD_MESSAGES.passwordRequired,
    });
    expect(loginBodyProblems({ email: ' admin@example.com ', password: 'x' })).toEqual({});
  });

  it('are the same values through the main entry', () => {
    expect(contract.POSTING_MESSAGES.sales.success).toBe('Sales invoices posted successfully');
    expect(contract.SIMPLE_EMAIL.test('a@b')).toBe(true);
    expect(contract.loginBodyProblems).toBe(loginBodyProblems);
  });
});
