import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostingDefaultSettings, PostingDefaultsUpdate, SapVatGroupOption } from '@ff/contract';
import { api } from '@/lib/api-client';

export const postingDefaultsQueryKey = ['settings', 'posting-defaults'] as const;
export const sapVatGroupsQueryKey = ['settings', 'vat-groups'] as const;

/** `GET /api/v1/settings/posting-defaults` (Manage Settings): the saved defaults (the default VAT group). */
export async function getPostingDefaults(): Promise<PostingDefaultSettings> {
  return (await api.get<{ data: PostingDefaultSettings }>('/settings/posting-defaults')).data.data;
}

/** `PUT /api/v1/settings/posting-defaults`: answers the saved defaults and a message; 422 on the field, 503 without SAP. */
export async function putPostingDefaults(
  body: PostingDefaultsUpdate,
): Promise<{ message: string; data: PostingDefaultSettings }> {
  return (
    await api.put<{ message: string; data: PostingDefaultSettings }>('/settings/posting-defaults', body)
  ).data;
}

/** `GET /api/v1/settings/vat-groups`: SAP's active sales (output) VAT groups; 503 when SAP cannot be asked. */
export async function getSapVatGroups(): Promise<SapVatGroupOption[]> {
  return (await api.get<{ data: SapVatGroupOption[] }>('/settings/vat-groups')).data.data;
}

export const usePostingDefaults = () =>
  useQuery({ queryKey: postingDefaultsQueryKey, queryFn: getPostingDefaults });

/** Not retried: when SAP cannot be asked the tab says so at once (and offers to ask again). */
export const useSapVatGroups = () =>
  useQuery({ queryKey: sapVatGroupsQueryKey, queryFn: getSapVatGroups, retry: false });

export function useSavePostingDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPostingDefaults,
    onSuccess: (saved) => {
      queryClient.setQueryData(postingDefaultsQueryKey, saved.data);
      // The posting screens' confirmation rule (issue 26) is part of the defaults.
      const { confirmAboveRows, confirmAboveAmount } = saved.data;
      queryClient.setQueryData(['settings', 'post-confirmation'], { confirmAboveRows, confirmAboveAmount });
    },
  });
}
