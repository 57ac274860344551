import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectionSetting, ListResponse } from '@ff/contract';
import { api } from '@/lib/api-client';

export const connectionSettingQueryKey = ['connectionSetting'] as const;

/** The first entry of the list is the connection in use (docs/spec/product-spec.md section 3); null when none exists. */
export async function getConnectionSetting(): Promise<ConnectionSetting | null> {
  const response = await api.get<ListResponse<ConnectionSetting>>('/connectionSetting');
  return response.data.data[0] ?? null;
}

export const getConnectionSettingQueryOptions = () =>
  queryOptions({
    queryKey: connectionSettingQueryKey,
    queryFn: getConnectionSetting,
  });

export const useConnectionSetting = () => useQuery(getConnectionSettingQueryOptions());
