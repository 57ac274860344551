import {
  API_TOKEN_MESSAGES,
  API_TOKEN_NAME,
  API_TOKEN_NAME_MAX,
  type ApiToken,
  type CreateApiTokenBody,
  type ImportKindOption,
} from '@ff/contract';
import { toIsoDay } from '@/lib/format';

/** Every text of Settings > API tokens (issue 23) that is not the server's own message. */
export const API_TOKEN_TEXTS = {
  title: 'API tokens',
  help: 'The trip system sends its records to the import API (POST /api/v1/import/{kind}) with one of these tokens in the header',
  header: 'Authorization: Bearer <token>',
  helpAfter:
    'A token is shown once, when it is created, and may import only the kinds of record chosen for it. Revoke one that is no longer used or may have leaked.',
  newToken: 'New API token',
  none: 'No API tokens yet.',
  allKinds: 'All kinds',
  commandLine: 'Command line',
  never: 'Never',
  name: 'Name',
  nameDescription: 'Who uses it, e.g. "tms". Letters, digits, spaces, dots, @, _ and -.',
  kinds: 'Imports',
  kindsDescription: 'The kinds of record the token may import.',
  expiresOn: 'Expires on',
  expiresOnDescription: 'Its last working day. Leave empty for a token that does not expire.',
  create: 'Create',
  created: 'API token created',
  token: 'API token',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  createFailed: 'The API token could not be created. Please try again.',
  revoke: 'Revoke',
  cancel: 'Cancel',
  revokeTitle: (name: string) => `Revoke API token "${name}"?`,
  revokeBody: 'Imports with it are refused at once.',
  revokeFailed: 'The API token could not be revoked. Please try again.',
} as const;

export const STATUS_BADGES: Record<ApiToken['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  expired: { label: 'Expired', color: 'yellow' },
  revoked: { label: 'Revoked', color: 'gray' },
};

/** The create form's values: the checked imports start empty (the administrator chooses each one). */
export type ApiTokenFormValues = { name: string; kinds: string[]; expiresOn: string | null };
export const EMPTY_API_TOKEN_FORM: ApiTokenFormValues = { name: '', kinds: [], expiresOn: null };

/**
 * The contract's rules, checked before sending (the server checks them again, and the name's uniqueness and
 * the expiry against its own time zone's today). `today`: the browser's day, 'YYYY-MM-DD'.
 */
export function validateApiTokenForm(
  values: ApiTokenFormValues,
  today: string = toIsoDay(new Date()),
): Partial<Record<keyof ApiTokenFormValues, string>> {
  const errors: Partial<Record<keyof ApiTokenFormValues, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = API_TOKEN_MESSAGES.nameRequired;
  else if (name.length > API_TOKEN_NAME_MAX) errors.name = API_TOKEN_MESSAGES.nameTooLong;
  else if (!API_TOKEN_NAME.test(name)) errors.name = API_TOKEN_MESSAGES.nameCharacters;
  if (values.kinds.length === 0) errors.kinds = API_TOKEN_MESSAGES.kindsRequired;
  if (values.expiresOn !== null) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expiresOn)) errors.expiresOn = API_TOKEN_MESSAGES.expiryFormat;
    else if (values.expiresOn < today) errors.expiresOn = API_TOKEN_MESSAGES.expiryPast;
  }
  return errors;
}

/** The body of `POST /api/v1/api-tokens`: the imports in the form's order of options, no expiry when empty. */
export function toApiTokenBody(values: ApiTokenFormValues, options: ImportKindOption[]): CreateApiTokenBody {
  const order = options.map((option) => option.name);
  return {
    name: values.name.trim(),
    kinds: [...values.kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    expiresOn: values.expiresOn,
  };
}

/** The Imports cell: the imports' labels, or "All kinds" for a token of the command line (null). */
export function importsLabel(kinds: string[] | null, options: ImportKindOption[]): string {
  if (kinds === null) return API_TOKEN_TEXTS.allKinds;
  return kinds.map((kind) => options.find((option) => option.name === kind)?.label ?? kind).join(', ');
}
