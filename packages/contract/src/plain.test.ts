import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { forgotPasswordBodyProblems, loginBodyProblems } from './auth-plain.js';
import { forgotPasswordBody, loginBody } from './auth.js';
import { decimalField } from './common.js';
import {
  decimalProblemMessage,
  exactDecimal,
  MONEY_RULE,
  postingDateProblem,
  QUANTITY_RULE,
} from './plain.js';
import { postingDateField } from './posting.js';

/**
 * The zod-free rules of plain.ts and auth-plain.ts (what a browser form checks before sending) answer exactly
 * what their zod twins (what the server validates with) answer, over tables of valid and invalid inputs.
 */

/** The first message per top-level field of a zod parse, as a form shows it ({} when it is accepted). */
function firstMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) messages[String(issue.path[0] ?? '')] ??= issue.message;
  return messages;
}

const EMAILS = [
  'admin@example.com',
  '  admin@example.com  ',
  'a@b',
  '',
  '    ',
  'nobody',
  '@example.com',
  'admin@',
  'ad min@example.com',
  'admin@exa mple.com',
  `${'x'.repeat(242)}@example.com`,
  `${'x'.repeat(243)}@example.com`,
  'x'.repeat(300),
];
const PASSWORDS = ['', ' ', 'p', 'correct horse', 'x'.repeat(1024), 'x'.repeat(1025)];

describe('the sign-in bodies', () => {
  it('loginBodyProblems answers what loginBody answers, message for message', () => {
    for (const email of EMAILS) {
      for (const password of PASSWORDS) {
        const body = { email, password };
        expect(loginBodyProblems(body), `${JSON.stringify(email)} / ${password.length}`).toEqual(
          firstMessages(loginBody, body),
        );
      }
    }
  });

  it('forgotPasswordBodyProblems answers what forgotPasswordBody answers', () => {
    for (const email of EMAILS) {
      expect(forgotPasswordBodyProblems({ email }), JSON.stringify(email)).toEqual(
        firstMessages(forgotPasswordBody, { email }),
      );
    }
  });

  it('the tables hold accepted and refused bodies of each kind', () => {
    const answers = EMAILS.flatMap((email) =>
      PASSWORDS.map((password) => loginBodyProblems({ email, password })),
    );
    expect(answers.some((problems) => Object.keys(problems).length === 0)).toBe(true);
    expect(new Set(answers.flatMap((problems) => Object.values(problems))).size).toBe(4);
  });
});

const DECIMALS: unknown[] = [
  ...[
    0, -0, 1, 2.5, 0.1, 0.125, 40, 1e2, 1e-7, 1e21, 0.30000000000000004, -1, -0.5, 1.0001, 99_999_999_999.999,
  ],
  ...[
    100_000_000_000,
    999_999_999_999.99,
    1_000_000_000_000,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.MAX_VALUE,
    5e-324,
  ],
  ...[
    '0',
    '5',
    ' 7.000 ',
    '12.5',
    '0.125',
    '0.12',
    '00012.50',
    '99999999999.999',
    '100000000000',
    '999999999999.99',
  ],
  ...[
    '1000000000000',
    '-1',
    '-0',
    '-2.5',
    '1.0001',
    '1e21',
    '1e-7',
    '.5',
    '5.',
    '0x10',
    'NaN',
    'Infinity',
    '',
    '1 000',
  ],
  ...[null, undefined, true, {}, [], [5]],
];

describe('quantities and amounts', () => {
  it.each([
    ['collected quantity', QUANTITY_RULE],
    ['amount', MONEY_RULE],
  ] as const)('exactDecimal answers what decimalField answers: %s', (label, rule) => {
    const field = decimalField(label, rule);
    for (const input of DECIMALS) {
      const plain = exactDecimal(input, rule);
      const parsed = field.safeParse(input);
      const name = `${typeof input} ${String(input)}`;
      if ('value' in plain) {
        expect(parsed, name).toEqual({ success: true, data: plain.value });
      } else {
        expect(parsed.success, name).toBe(false);
        expect(
          parsed.error?.issues.map((issue) => issue.message),
          name,
        ).toEqual([decimalProblemMessage(label, plain.problem, rule)]);
      }
    }
  });

  it('the table holds inputs of every answer', () => {
    const answers = DECIMALS.map((input) => {
      const plain = exactDecimal(input, QUANTITY_RULE);
      return 'value' in plain ? 'value' : plain.problem;
    });
    expect(new Set(answers)).toEqual(new Set(['value', 'format', 'negative', 'scale', 'range']));
  });
});

/** Posting dates and what both rules make of them: accepted, refused for their shape, or not a real moment. */
const POSTING_DATES: [string, 'accepted' | 'shape' | 'not real'][] = [
  ['2026-02-28', 'accepted'],
  ['2028-02-29', 'accepted'],
  [' 2026-03-01 ', 'accepted'],
  ['2026-03-01 10:15', 'accepted'],
  ['2026-03-01 10:15:59', 'accepted'],
  ['2026-03-01T10:15:59.123', 'accepted'],
  ['2026-03-01T07:15:00.000Z', 'accepted'],
  ['2026-03-01T10:15+03:00', 'accepted'],
  ['2026-03-01T10:15-0430', 'accepted'],
  ['2000-01-01', 'accepted'],
  ['2100-12-31 23:59:59', 'accepted'],
  ['2026-02-30', 'not real'],
  ['2026-02-29', 'not real'],
  ['2026-09-31T10:00Z', 'not real'],
  ['2026-13-01', 'not real'],
  ['2026-00-10', 'not real'],
  ['1999-12-31', 'not real'],
  ['2101-01-01', 'not real'],
  ['2026-03-01 24:00', 'not real'],
  ['2026-03-01 10:60', 'not real'],
  ['2026-03-01 10:15:60', 'not real'],
  ['2026-03-01T10:15+24:00', 'not real'],
  ['2026-03-01T10:15+03:60', 'not real'],
  ['', 'shape'],
  ['   ', 'shape'],
  ['01/03/2026', 'shape'],
  ['2026-3-1', 'shape'],
  ['2026-03-01 10', 'shape'],
  ['2026-03-01T10:15:00.1234Z', 'shape'],
  ['2026-03-01T10:15+3', 'shape'],
  ['today', 'shape'],
];

describe('posting dates', () => {
  it.each(POSTING_DATES)('postingDateProblem agrees with postingDateField: %j is %s', (value, expected) => {
    const problem = postingDateProblem(value);
    const parsed = postingDateField.safeParse(value);
    const messages = parsed.error?.issues.map((issue) => issue.message) ?? [];
    if (expected === 'accepted') {
      expect(problem).toBeNull();
      expect(parsed).toEqual({ success: true, data: value.trim() });
    } else if (expected === 'not real') {
      expect(problem).toEqual(expect.any(String));
      expect(messages).toEqual([problem]);
    } else {
      // A wrong shape is the pattern's concern: the plain rule leaves it to the form's own shape check.
      expect(problem).toBeNull();
      expect(parsed.success).toBe(false);
      expect(messages.length).toBeGreaterThan(0);
    }
  });
});
