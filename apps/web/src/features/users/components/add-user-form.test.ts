import { describe, expect, it } from 'vitest';
import {
  ADD_USER_INITIAL_VALUES,
  addUserValidation,
  toAddUserFormErrors,
  toCreateUserBody,
  type AddUserFormValues,
} from './add-user-form';

const filled: AddUserFormValues = {
  firstName: ' Jane ',
  lastName: 'Wanjiru',
  email: 'jane@example.com',
  mobileCode: 'KE',
  mobileNo: '0712 345 678',
  role: 'Finance Officer',
};

describe('add user validation', () => {
  it('starts with Kenya as the mobile country', () => {
    expect(ADD_USER_INITIAL_VALUES.mobileCode).toBe('KE');
  });

  it('reports the spec messages for empty fields', () => {
    expect(addUserValidation.firstName('  ')).toBe('First name is required');
    expect(addUserValidation.lastName('')).toBe('Last name is required');
    expect(addUserValidation.email('not-an-email')).toBe('Invalid email');
    expect(addUserValidation.role('')).toBe('Role is required');
    expect(addUserValidation.mobileNo('')).toBe('Mobile number is required');
  });

  it('refuses names holding a line break, a bidi override or a zero-width character (issue 21, item 8)', () => {
    const refused =
      'may not contain line breaks, control characters, or invisible or text-direction characters.';
    expect(addUserValidation.firstName('Jane\r\nAdmin')).toBe(`First name ${refused}`);
    expect(addUserValidation.lastName('\u202eeoD')).toBe(`Last name ${refused}`);
    expect(addUserValidation.lastName('Do\u200be')).toBe(`Last name ${refused}`);
    expect(addUserValidation.firstName('Wanjirũ')).toBeNull();
  });

  it('accepts the plain non-space@non-space email form', () => {
    expect(addUserValidation.email('a@b')).toBeNull();
    expect(addUserValidation.email('a b@c')).toBe('Invalid email');
  });

  it('never blocks a number it cannot parse', () => {
    expect(addUserValidation.mobileNo('12')).toBeNull();
    expect(addUserValidation.mobileNo('999999999999999')).toBeNull();
  });
});

describe('toCreateUserBody', () => {
  it('joins the names and normalises a Kenyan number', () => {
    expect(toCreateUserBody(filled)).toEqual({
      name: 'Jane Wanjiru',
      email: 'jane@example.com',
      mobileNo: '+254712345678',
      role: 'Finance Officer',
    });
  });

  it('uses the chosen country dial code', () => {
    expect(toCreateUserBody({ ...filled, mobileCode: 'UG', mobileNo: '772123456' }).mobileNo).toBe(
      '+256772123456',
    );
  });
});

describe('toAddUserFormErrors', () => {
  it('puts server errors on the matching fields', () => {
    expect(
      toAddUserFormErrors({
        name: 'The name field is required.',
        email: 'The email has already been taken.',
        phone_number: 'The phone number is invalid.',
        role: 'The selected role is invalid.',
        unknown: 'ignored',
      }),
    ).toEqual({
      firstName: 'The name field is required.',
      email: 'The email has already been taken.',
      mobileNo: 'The phone number is invalid.',
      role: 'The selected role is invalid.',
    });
  });
});
