import { describe, expect, it } from 'vitest';
import type { User } from '@ff/contract';
import { editUserInitialValues, toUpdateUserBody } from './edit-user-form';

const user: User = {
  id: 3,
  name: 'Achieng Atieno Otieno',
  email: 'achieng@example.com',
  mobileNo: '+255712345678',
  role: 'Finance Clerk',
  roleName: 'Finance Clerk',
  createdAt: '2025-03-05 14:07:00',
  createdBy: 'Admin',
  isActive: true,
  invitationPending: false,
};

describe('Edit User form', () => {
  it("opens with the user's name split, the mobile number's own country and number, and the role", () => {
    expect(editUserInitialValues(user)).toEqual({
      firstName: 'Achieng',
      lastName: 'Atieno Otieno',
      mobileCode: 'TZ',
      mobileNo: '712345678',
      role: 'Finance Clerk',
    });
  });

  it('sends the joined name, the dial code plus number and the role, like Add User', () => {
    expect(
      toUpdateUserBody({ ...editUserInitialValues(user), mobileCode: 'KE', mobileNo: '0722 000 111' }),
    ).toEqual({
      name: 'Achieng Atieno Otieno',
      mobileNo: '+254722000111',
      role: 'Finance Clerk',
    });
  });

  it('keeps an unparsable stored number as typed digits under the default country', () => {
    expect(editUserInitialValues({ ...user, mobileNo: '+000' })).toMatchObject({
      mobileCode: 'KE',
      mobileNo: '000',
    });
  });
});
