import type { ToggleStatusBody } from '@ff/contract';
import { api } from './api-client';

/** Which record to enable or disable, and its new state. */
export type ToggleStatusInput = ToggleStatusBody & { id: number };

/** `PATCH /api/v1{path}/{id} {"toggleStatus": ...}`: enables or disables a user or a role. */
export async function patchStatus<T>(path: string, { id, toggleStatus }: ToggleStatusInput): Promise<T> {
  const response = await api.patch<T>(`${path}/${id}`, { toggleStatus } satisfies ToggleStatusBody);
  return response.data;
}
