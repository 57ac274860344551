import { MY_ACCOUNT_MESSAGES } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.js';
import { recoveryCodeHash, totpStepOf } from './totp.js';
import { createTwoFactorRepository, type TwoFactorRepository } from './two-factor.repository.js';

/** The TOTP secrets are sealed under APP_KEY for this purpose only (lib/secret-box.ts). */
export const twoFactorSecretBox = (appKey: string | undefined): SecretBox =>
  createSecretBox(appKey, 'two-factor/totp-secret');

/** Checks a user's two-factor codes: each TOTP time step and each recovery code is accepted once. */
export function createTwoFactorCheck(repository: TwoFactorRepository, box: SecretBox) {
  return {
    repository,
    box,
    /** True when `code` is the user's current TOTP code and its time step was not used before. */
    async acceptCode(userId: number, code: string): Promise<boolean> {
      const row = await repository.find(userId);
      if (!row) return false;
      const step = totpStepOf(box.open(row.secretSealed), code.trim());
      return step !== null && (await repository.acceptStep(userId, step));
    },
    /** 'accepted' once for each of the user's recovery codes, then 'used'; 'unknown' for any other code. */
    acceptRecoveryCode: (userId: number, code: string) =>
      repository.consumeRecoveryCode(userId, recoveryCodeHash(code)),
    /**
     * A sign-in's second factor: null when accepted (the code's time step or the recovery code is spent), else
     * the answer under the field and the audit's reason. A recovery code used before says so.
     */
    async refusal(
      userId: number,
      body: { code?: string | undefined; recoveryCode?: string | undefined },
    ): Promise<{ message: string; audit: string } | null> {
      if (body.code)
        return (await this.acceptCode(userId, body.code))
          ? null
          : { message: MY_ACCOUNT_MESSAGES.codeInvalid, audit: 'wrong or used code' };
      const answer = await this.acceptRecoveryCode(userId, body.recoveryCode ?? '');
      if (answer === 'accepted') return null;
      return answer === 'used'
        ? { message: MY_ACCOUNT_MESSAGES.recoveryCodeUsed, audit: 'recovery code already used' }
        : { message: MY_ACCOUNT_MESSAGES.codeInvalid, audit: 'wrong or used recovery code' };
    },
  };
}

export type TwoFactorCheck = ReturnType<typeof createTwoFactorCheck>;

/** The two-factor check on `db`, sealing secrets under `appKey`. */
export const createTwoFactor = (db: Db, appKey: string | undefined) =>
  createTwoFactorCheck(createTwoFactorRepository(db), twoFactorSecretBox(appKey));
