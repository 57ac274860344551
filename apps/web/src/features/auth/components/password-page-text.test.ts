import { describe, expect, it } from 'vitest';
import { isInvitationLink, passwordPageText } from './reset-password-form';

describe('the set-password page wording (defect 8)', () => {
  it('says "Set your password" for an invitation link (new=1) and "Reset your password" for a reset link', () => {
    const invitation = new URLSearchParams('email=new%40example.com&new=1');
    const reset = new URLSearchParams('email=old%40example.com');
    expect(isInvitationLink(invitation)).toBe(true);
    expect(isInvitationLink(reset)).toBe(false);
    expect(passwordPageText(true, 'new@example.com')).toEqual({
      title: 'Set your password',
      description: 'Choose a password for new@example.com.',
    });
    expect(passwordPageText(false, 'old@example.com')).toEqual({
      title: 'Reset your password',
      description: 'Choose a new password for old@example.com.',
    });
    expect(passwordPageText(true).title).toBe('Set your password');
  });
});
