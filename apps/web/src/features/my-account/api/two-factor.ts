import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmTwoFactorBody,
  PasswordOnlyBody,
  RecoveryCodesAnswer,
  TwoFactorEnrolment,
} from '@ff/contract';
import { api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/auth/current-user';
import { accountQueryKey } from './account';

/** `POST /api/v1/account/two-factor`: a new secret to add to an authenticator app (not on until confirmed). */
export async function startTwoFactor(): Promise<TwoFactorEnrolment> {
  const response = await api.post<TwoFactorEnrolment>('/account/two-factor');
  return response.data;
}

/**
 * `POST /api/v1/account/two-factor/confirm`: a code from the app turns it on; answers the recovery codes. The
 * password is needed where the role requires two-factor. The server re-issues the session (new cookies).
 */
export async function confirmTwoFactor(body: ConfirmTwoFactorBody): Promise<RecoveryCodesAnswer> {
  const response = await api.post<RecoveryCodesAnswer>('/account/two-factor/confirm', body);
  return response.data;
}

/** `DELETE /api/v1/account/two-factor` with the password (204). */
export async function turnOffTwoFactor(body: PasswordOnlyBody): Promise<void> {
  await api.delete('/account/two-factor', body);
}

/** `POST /api/v1/account/two-factor/recovery-codes` with the password: new codes, the old ones stop working. */
export async function newRecoveryCodes(body: PasswordOnlyBody): Promise<RecoveryCodesAnswer> {
  const response = await api.post<RecoveryCodesAnswer>('/account/two-factor/recovery-codes', body);
  return response.data;
}

/**
 * A two-factor change: the account (status, codes left) and `GET /user` (whether set-up is still required,
 * which opens the other screens) are re-read after it.
 */
function useTwoFactorMutation<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]);
    },
  });
}

export const useStartTwoFactor = () => useMutation({ mutationFn: startTwoFactor });
export const useConfirmTwoFactor = () => useTwoFactorMutation(confirmTwoFactor);
export const useTurnOffTwoFactor = () => useTwoFactorMutation(turnOffTwoFactor);
export const useNewRecoveryCodes = () => useTwoFactorMutation(newRecoveryCodes);
