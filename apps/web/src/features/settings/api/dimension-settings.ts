import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DimensionSettings } from '@ff/contract';
import { api } from '@/lib/api-client';

export const dimensionSettingsQueryKey = ['settings', 'dimensions'] as const;

/** `GET /api/v1/settings/dimensions` (Manage Settings): the saved rules, one per SAP dimension. */
export async function getDimensionSettings(): Promise<DimensionSettings> {
  return (await api.get<{ data: DimensionSettings }>('/settings/dimensions')).data.data;
}

/** `PUT /api/v1/settings/dimensions`: replaces every rule; answers the saved settings and a message. */
export async function putDimensionSettings(
  body: DimensionSettings,
): Promise<{ message: string; data: DimensionSettings }> {
  return (await api.put<{ message: string; data: DimensionSettings }>('/settings/dimensions', body)).data;
}

export const useDimensionSettings = () =>
  useQuery({ queryKey: dimensionSettingsQueryKey, queryFn: getDimensionSettings });

export function useSaveDimensionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putDimensionSettings,
    onSuccess: (saved) => queryClient.setQueryData(dimensionSettingsQueryKey, saved.data),
  });
}
