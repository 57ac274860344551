import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-client';
import { isTwoFactorSetupRequired } from './two-factor-setup-required';

const refused = (status: number, data: unknown) => new HttpError('refused', { status, data });

describe('isTwoFactorSetupRequired', () => {
  it('is true only for the 403 that carries the set-up code', () => {
    expect(isTwoFactorSetupRequired(refused(403, { message: 'x', code: 'two_factor_setup_required' }))).toBe(
      true,
    );
    expect(isTwoFactorSetupRequired(refused(403, { message: 'This action is unauthorized.' }))).toBe(false);
    expect(isTwoFactorSetupRequired(refused(401, { code: 'two_factor_setup_required' }))).toBe(false);
    expect(isTwoFactorSetupRequired(new Error('offline'))).toBe(false);
  });
});
