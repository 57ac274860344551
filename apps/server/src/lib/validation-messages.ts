/**
 * The product's own wording for a field a schema checks without a sentence of its own (issue 23: a client saw
 * zod's defaults, "Invalid input: expected number, received NaN"). Each names the field as a person reads it.
 */

/** Field names that read better spelled out. */
const FIELD_LABELS: Record<string, string> = {
  mobileNo: 'mobile number',
  companyDb: 'company DB',
  vatGroup: 'VAT group',
};

/** `password_confirmation` -> 'password confirmation', `postSap.0.postingDate` -> 'post sap 0 posting date'. */
export function fieldLabel(field: string): string {
  return (
    FIELD_LABELS[field] ??
    field
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[._]/g, ' ')
      .toLowerCase()
  );
}

/** What zod tells an error map about a failed check (the fields used here). */
type RawIssue = {
  code?: string;
  path?: PropertyKey[] | undefined;
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  divisor?: number;
};

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  bigint: 'a whole number',
};

const COUNTED: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
};

/** The sentence for a check that failed without a message of its schema's own. */
export function validationSentence(issue: RawIssue): string {
  const field = (issue.path ?? []).map(String).join('.');
  const label = fieldLabel(field || 'body');
  const the = `The ${label}`;
  const bound = (value: number | bigint | undefined, origin: string | undefined) => {
    const unit = origin ? COUNTED[origin] : undefined;
    return unit ? `${value} ${Number(value) === 1 ? unit[0] : unit[1]}` : String(value);
  };
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${the} field is required.`;
      return `${the} must be ${TYPE_WORDS[issue.expected ?? ''] ?? `a valid ${issue.expected ?? 'value'}`}.`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `${the} field is required.`;
      return `${the} must be at least ${bound(issue.minimum, issue.origin)}.`;
    case 'too_big':
      return `${the} must be at most ${bound(issue.maximum, issue.origin)}.`;
    case 'invalid_format':
      return issue.format === 'email'
        ? `${the} must be a valid email address.`
        : `${the} is not in the expected format.`;
    case 'invalid_value':
      return `${the} must be one of: ${(issue.values ?? []).map(String).join(', ')}.`;
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      return `${keys.length === 1 ? 'The field' : 'The fields'} ${keys.join(', ')} ${keys.length === 1 ? 'is' : 'are'} not expected here.`;
    }
    case 'not_multiple_of':
      return `${the} must be a multiple of ${issue.divisor}.`;
    default:
      return `${the} is not valid.`;
  }
}
