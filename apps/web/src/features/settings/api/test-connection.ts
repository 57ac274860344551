import { useMutation } from '@tanstack/react-query';
import type { TestConnectionBody, TestConnectionResult } from '@ff/contract';
import { api } from '@/lib/api-client';

/** A blank password tests with the stored one. SAP's refusal is a 200 with status 'failed'. */
export async function testConnection(body: TestConnectionBody): Promise<TestConnectionResult> {
  const response = await api.post<TestConnectionResult>('/testConnection', body);
  return response.data;
}

export const useTestConnection = () => useMutation({ mutationFn: testConnection });
