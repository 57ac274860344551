import { describe, expect, it } from 'vitest';
import {
  toConnectionBody,
  toConnectionFormErrors,
  toConnectionFormValues,
  validateConnectionForm,
} from './connection-form';

describe('validateConnectionForm', () => {
  it('requires Company DB and Username', () => {
    expect(validateConnectionForm({ companyDb: ' ', username: '', password: 'x' }, true)).toEqual({
      companyDb: 'Company DB is required',
      username: 'Username is required',
    });
  });

  it('requires a password only while none is saved', () => {
    const values = { companyDb: 'SBODEMOKE', username: 'manager', password: '' };
    expect(validateConnectionForm(values, true)).toEqual({});
    expect(validateConnectionForm(values, false)).toEqual({ password: 'Password is required' });
    expect(validateConnectionForm({ ...values, password: 'secret' }, false)).toEqual({});
  });
});

describe('connection form values', () => {
  it('never fills the password from the server', () => {
    expect(
      toConnectionFormValues({
        companyDb: 'SBODEMOKE',
        username: 'manager',
        password: 'leaked',
        hasPassword: true,
        id: 1,
      } as never),
    ).toEqual({ companyDb: 'SBODEMOKE', username: 'manager', password: '' });
  });

  it('sends a blank password to keep the stored one', () => {
    expect(toConnectionBody({ companyDb: ' SBODEMOKE ', username: 'manager ', password: '' })).toEqual({
      companyDb: 'SBODEMOKE',
      username: 'manager',
      password: '',
    });
  });

  it('maps server field errors', () => {
    expect(toConnectionFormErrors({ companyDb: 'Too long.', other: 'x' })).toEqual({
      companyDb: 'Too long.',
    });
  });
});
