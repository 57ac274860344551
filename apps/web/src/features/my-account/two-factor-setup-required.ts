import { TWO_FACTOR_SETUP_REQUIRED_CODE } from '@ff/contract/plain';
import { HttpError } from '@/lib/api-client';

/**
 * Whether a call was refused because the user's role requires two-factor sign-in they have not set up
 * (403 `{code: "two_factor_setup_required"}`): an administrator turned the requirement on mid-session. The
 * app then re-reads `GET /user`, whose `twoFactorSetupRequired` sends the route guard to My Account.
 */
export function isTwoFactorSetupRequired(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.response?.status !== 403) return false;
  const data: unknown = error.response.data;
  return Boolean(
    data && typeof data === 'object' && 'code' in data && data.code === TWO_FACTOR_SETUP_REQUIRED_CODE,
  );
}
