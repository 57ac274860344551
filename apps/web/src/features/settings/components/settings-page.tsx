import { Alert, Divider, Stack, Tabs } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PERMISSIONS } from '@ff/contract/plain';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PageLoadingOverlay } from '@/components/page-loading-overlay';
import { useHasPermission } from '@/lib/auth/current-user';
import { useConnectionSetting } from '../api/get-connection-setting';
import { ErpConnectionForm } from './erp-connection-form';
import { LedgerAccountsCheck } from './ledger-accounts-check';

// The Security tab's content (two-factor policy) downloads when the tab is first opened.
const SecuritySettings = lazy(async () => ({
  default: (await import('./security-settings')).SecuritySettings,
}));

// So does the Dimensions tab's (issue 25: cost centres).
const DimensionSettings = lazy(async () => ({
  default: (await import('./dimension-settings')).DimensionSettings,
}));

// And the Posting defaults tab's (issue 25: the default VAT group).
const PostingDefaultsSettings = lazy(async () => ({
  default: (await import('./posting-defaults-settings')).PostingDefaultsSettings,
}));

// And the API tokens tab's (issue 23: the import API's bearer tokens, for Manage API Tokens holders).
const ApiTokenSettings = lazy(async () => ({
  default: (await import('./api-token-settings')).ApiTokenSettings,
}));

const NO_SETTING =
  'No SAP connection has been set up on the server yet. Please reach out to support to have it created.';

/**
 * /general-settings: the ERP connection; the security policy, the dimension rules and the posting defaults (Manage
 * Settings holders); the import API's tokens (Manage API Tokens holders).
 */
export function SettingsPage() {
  const setting = useConnectionSetting();
  const canManage = useHasPermission(PERMISSIONS.manageSettings);
  const canManageTokens = useHasPermission(PERMISSIONS.manageApiTokens);

  return (
    <Stack gap="md">
      <PageHeader items={[{ title: 'Settings' }]} />
      <Tabs defaultValue="erp-connection" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="erp-connection">ERP Connection</Tabs.Tab>
          {canManage && <Tabs.Tab value="security">Security</Tabs.Tab>}
          {canManage && <Tabs.Tab value="dimensions">Dimensions (cost centres)</Tabs.Tab>}
          {canManage && <Tabs.Tab value="posting-defaults">Posting defaults</Tabs.Tab>}
          {canManageTokens && <Tabs.Tab value="api-tokens">API tokens</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="erp-connection" pt="md" pos="relative" mih={160}>
          <PageLoadingOverlay visible={setting.isLoading} />
          {setting.isError && <ErrorAlert error={setting.error} />}
          {setting.isSuccess && setting.data === null && (
            <Alert color="yellow" title="No SAP connection">
              {NO_SETTING}
            </Alert>
          )}
          {setting.data && (
            <Stack gap="lg">
              <ErpConnectionForm key={setting.data.id} setting={setting.data} />
              <Divider label="Ledger accounts" labelPosition="left" />
              <LedgerAccountsCheck />
            </Stack>
          )}
        </Tabs.Panel>
        {canManage && (
          <Tabs.Panel value="security" pt="md" pos="relative" mih={160}>
            <Suspense fallback={<PageLoadingOverlay visible />}>
              <SecuritySettings />
            </Suspense>
          </Tabs.Panel>
        )}
        {canManage && (
          <Tabs.Panel value="dimensions" pt="md" pos="relative" mih={160}>
            <Suspense fallback={<PageLoadingOverlay visible />}>
              <DimensionSettings />
            </Suspense>
          </Tabs.Panel>
        )}
        {canManage && (
          <Tabs.Panel value="posting-defaults" pt="md" pos="relative" mih={160}>
            <Suspense fallback={<PageLoadingOverlay visible />}>
              <PostingDefaultsSettings />
            </Suspense>
          </Tabs.Panel>
        )}
        {canManageTokens && (
          <Tabs.Panel value="api-tokens" pt="md" pos="relative" mih={160}>
            <Suspense fallback={<PageLoadingOverlay visible />}>
              <ApiTokenSettings />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
