/** Fallback when a failure carries no server message (docs/design/architecture.md section 8 fixes the spelling). */
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';
export const CONTACT_SUPPORT = 'Please reach out to support for more on this issue.';
