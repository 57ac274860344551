import type { CreateUserBody } from '@ff/contract';
import { AUTH_FIELD_MESSAGES, nameCharactersProblem, SIMPLE_EMAIL } from '@ff/contract/plain';
import { toFormFieldErrors } from '@/lib/api-client';
import { DEFAULT_COUNTRY, findCountryOption } from './country-options';
import { hasPhoneDigits, toMobileNo } from './phone-number';

/** The add-user form (docs/spec/product-spec.md section 3): firstName, lastName, email, mobileCode, mobileNo, role. */
export interface AddUserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  /** ISO country code of the dial-code select. */
  mobileCode: string;
  /** The number as typed, without the dial code. */
  mobileNo: string;
  role: string;
}

export const ADD_USER_INITIAL_VALUES: AddUserFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  mobileCode: DEFAULT_COUNTRY,
  mobileNo: '',
  role: '',
};

export const ADD_USER_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: AUTH_FIELD_MESSAGES.emailInvalid,
  mobileRequired: 'Mobile number is required',
  countryRequired: 'Choose the country of the mobile number',
  roleRequired: 'Role is required',
} as const;

/** Mantine form rules; the phone check is lenient: only an empty number is refused. */
export const addUserValidation = {
  firstName: (value: string) =>
    value.trim() ? nameCharactersProblem(value, 'First name') : ADD_USER_MESSAGES.firstNameRequired,
  lastName: (value: string) =>
    value.trim() ? nameCharactersProblem(value, 'Last name') : ADD_USER_MESSAGES.lastNameRequired,
  email: (value: string) => (SIMPLE_EMAIL.test(value.trim()) ? null : ADD_USER_MESSAGES.invalidEmail),
  mobileCode: (value: string) => (findCountryOption(value) ? null : ADD_USER_MESSAGES.countryRequired),
  mobileNo: (value: string) => (hasPhoneDigits(value) ? null : ADD_USER_MESSAGES.mobileRequired),
  role: (value: string) => (value ? null : ADD_USER_MESSAGES.roleRequired),
};

export function toCreateUserBody(values: AddUserFormValues): CreateUserBody {
  const country = findCountryOption(values.mobileCode) ?? findCountryOption(DEFAULT_COUNTRY);
  return {
    name: `${values.firstName.trim()} ${values.lastName.trim()}`,
    email: values.email.trim(),
    mobileNo: toMobileNo(country?.value ?? DEFAULT_COUNTRY, country?.dialCode ?? '', values.mobileNo),
    role: values.role,
  };
}

/** Server field names -> form fields: the joined name lands on First Name, phone_number on the mobile number. */
const SERVER_FIELD_TO_FORM_FIELD: Record<string, keyof AddUserFormValues> = {
  name: 'firstName',
  email: 'email',
  mobileNo: 'mobileNo',
  phone_number: 'mobileNo',
  role: 'role',
};

export const toAddUserFormErrors = (serverErrors: Record<string, string>) =>
  toFormFieldErrors(serverErrors, (field) => SERVER_FIELD_TO_FORM_FIELD[field]);
