import {
  updateConnectionSettingBody,
  type ConnectionSetting,
  type UpdateConnectionSettingBody,
} from '@ff/contract';
import { toFormFieldErrors } from '@/lib/api-client';

export interface ConnectionFormValues {
  companyDb: string;
  username: string;
  /** Always starts blank: the stored password never reaches the browser. */
  password: string;
}

export const CONNECTION_MESSAGES = {
  passwordRequired: 'Password is required',
  passwordSaved: 'Saved — leave blank to keep it',
  saveFailed: 'Failed to update SAP connection settings',
  testFailedFallback: 'The connection test could not be run. Please try again.',
} as const;

export const toConnectionFormValues = (
  setting: Pick<ConnectionSetting, 'companyDb' | 'username'>,
): ConnectionFormValues => ({
  companyDb: setting.companyDb,
  username: setting.username,
  password: '',
});

/**
 * Company DB and Username use the contract's rules ('Company DB is required', 'Username is required');
 * the password is required only while none is saved, since a blank one keeps the stored password.
 */
export function validateConnectionForm(
  values: ConnectionFormValues,
  hasPassword: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = updateConnectionSettingBody.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!hasPassword && values.password === '') errors.password = CONNECTION_MESSAGES.passwordRequired;
  return errors;
}

export const toConnectionBody = (values: ConnectionFormValues): UpdateConnectionSettingBody => ({
  companyDb: values.companyDb.trim(),
  username: values.username.trim(),
  password: values.password,
});

/** Server 422 fields that the form shows. */
export const toConnectionFormErrors = (serverErrors: Record<string, string>) =>
  toFormFieldErrors<keyof ConnectionFormValues>(serverErrors, (field) =>
    field === 'companyDb' || field === 'username' || field === 'password' ? field : undefined,
  );
