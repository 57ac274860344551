import { useMutation } from '@tanstack/react-query';
import type { ConnectionTestResult, TestConnectionBody } from '@ff/contract';
import { api } from '@/lib/api-client';

/**
 * `POST /api/v1/settings/connection/test`: the form's values tried against SAP before they are saved. A blank
 * password tries the stored one. A failure is a 200 with `ok` false, its `state` and SAP's answer.
 */
export async function tryConnection(body: TestConnectionBody): Promise<ConnectionTestResult> {
  return (await api.post<ConnectionTestResult>('/settings/connection/test', body)).data;
}

export const useTryConnection = () => useMutation({ mutationFn: tryConnection });
