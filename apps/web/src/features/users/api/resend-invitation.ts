import type { InvitationSent } from '@ff/contract';
import { api } from '@/lib/api-client';

/** `POST /api/v1/users/{id}/invitation`: a new set-password link is mailed; the previous one stops working. */
export async function resendInvitation(id: number): Promise<InvitationSent> {
  const response = await api.post<InvitationSent>(`/users/${id}/invitation`);
  return response.data;
}
