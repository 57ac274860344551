import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationSentence } from './validation-messages.js';

/** Issue 23: checks without a sentence of their own answer the product's, naming the field, not zod's defaults. */
const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input, { error: (issue) => validationSentence(issue as never) });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('validation sentences', () => {
  it('names the field in the wording of the rest of the product', () => {
    const schema = z
      .object({
        quantity: z.number(),
        ledgerId: z.number().int(),
        pickupOrderNo: z.string().min(3).max(5),
        kind: z.enum(['cash', 'fuel']),
        email: z.email(),
        rows: z.array(z.number()).min(1),
        missing: z.string(),
      })
      .strict();
    expect(
      messagesOf(schema, {
        quantity: Number.NaN,
        ledgerId: 'x',
        pickupOrderNo: 'ab',
        kind: 'vas',
        email: 'no',
        rows: [],
        extra: 1,
      }),
    ).toEqual([
      'The quantity must be a number.',
      'The ledger id must be a number.',
      'The pickup order no must be at least 3 characters.',
      'The kind must be one of: cash, fuel.',
      'The email must be a valid email address.',
      'The rows must be at least 1 item.',
      'The missing field is required.',
      'The field extra is not expected here.',
    ]);
    expect(messagesOf(z.object({ note: z.string().max(2) }), { note: 'abc' })).toEqual([
      'The note must be at most 2 characters.',
    ]);
    expect(messagesOf(z.object({ name: z.string().min(1) }), { name: '' })).toEqual([
      'The name field is required.',
    ]);
  });

  it("keeps a schema's own sentence", () => {
    expect(messagesOf(z.object({ name: z.string().min(1, 'Name, please.') }), { name: '' })).toEqual([
      'Name, please.',
    ]);
  });
});
