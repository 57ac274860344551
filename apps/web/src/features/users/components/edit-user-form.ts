import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { UpdateUserBody, User } from '@ff/contract';
import { addUserValidation, toAddUserFormErrors, type AddUserFormValues } from './add-user-form';
import { DEFAULT_COUNTRY, findCountryOption } from './country-options';
import { toMobileNo } from './phone-number';

/** The Edit User form: the Add User fields but the e-mail (the address the user signs in with stays). */
export type EditUserFormValues = Omit<AddUserFormValues, 'email'>;

/** The form prefilled from a listed user: the name split at its first space, the mobile number into country and number. */
export function editUserInitialValues(user: User): EditUserFormValues {
  const [firstName = '', ...rest] = user.name.trim().split(/\s+/);
  const phone = parsePhoneNumberFromString(user.mobileNo);
  const country = phone?.country && findCountryOption(phone.country) ? phone.country : DEFAULT_COUNTRY;
  return {
    firstName,
    lastName: rest.join(' '),
    mobileCode: country,
    mobileNo: phone ? phone.nationalNumber : user.mobileNo.replace(/^\+/, ''),
    role: user.role,
  };
}

/** The same rules as Add User. */
export const editUserValidation = {
  firstName: addUserValidation.firstName,
  lastName: addUserValidation.lastName,
  mobileCode: addUserValidation.mobileCode,
  mobileNo: addUserValidation.mobileNo,
  role: addUserValidation.role,
};

export function toUpdateUserBody(values: EditUserFormValues): UpdateUserBody {
  const country = findCountryOption(values.mobileCode) ?? findCountryOption(DEFAULT_COUNTRY);
  return {
    name: `${values.firstName.trim()} ${values.lastName.trim()}`,
    mobileNo: toMobileNo(country?.value ?? DEFAULT_COUNTRY, country?.dialCode ?? '', values.mobileNo),
    role: values.role,
  };
}

export const toEditUserFormErrors = toAddUserFormErrors as (
  serverErrors: Record<string, string>,
) => Partial<Record<keyof EditUserFormValues, string>>;
