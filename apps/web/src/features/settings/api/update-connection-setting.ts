import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionSetting, UpdateConnectionSettingBody } from '@ff/contract';
import { api } from '@/lib/api-client';
import { getConnectionSettingQueryOptions } from './get-connection-setting';

export interface UpdateConnectionSettingInput extends UpdateConnectionSettingBody {
  id: number;
}

/** A blank password keeps the stored one (docs/design/architecture.md section 8). */
export async function updateConnectionSetting({
  id,
  ...body
}: UpdateConnectionSettingInput): Promise<ConnectionSetting> {
  const response = await api.patch<ConnectionSetting>(`/connectionSetting/${id}`, body);
  return response.data;
}

export function useUpdateConnectionSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConnectionSetting,
    onSuccess: (updated) => {
      // Never keep a password in the cache, whatever the server answered.
      const cached: ConnectionSetting = { ...updated, password: '' };
      queryClient.setQueryData(getConnectionSettingQueryOptions().queryKey, cached);
      // The dashboard's SAP badge (features/dashboard, key 'sap-status'): the server checks the new values.
      void queryClient.invalidateQueries({ queryKey: ['sap-status'] });
    },
  });
}
