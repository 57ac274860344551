/** Errors a service throws for a person to read; the error plugin turns them into docs/design/auth-contract.md error bodies. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 422 with per-field messages, e.g. `{email: ['The email has already been taken.']}`. */
export class ValidationFailed extends Error {
  readonly statusCode = 422;
  constructor(readonly errors: Record<string, string[]>) {
    super(validationMessage(errors));
    this.name = 'ValidationFailed';
  }
  static field(field: string, message: string): ValidationFailed {
    return new ValidationFailed({ [field]: [message] });
  }
}

/** Laravel's summary: the first message, then "(and N more errors)". */
export function validationMessage(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const rest = all.length - 1;
  return rest > 0 ? `${first} (and ${rest} more error${rest === 1 ? '' : 's'})` : first;
}

export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);

/** True when `error` (or what it wraps, e.g. a DrizzleQueryError) is PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** What went wrong, in words: an Error's message, or what was thrown as text. */
export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
