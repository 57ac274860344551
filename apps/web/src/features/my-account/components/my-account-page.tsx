import { Alert, Stack } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PageLoadingOverlay } from '@/components/page-loading-overlay';
import { useAccount } from '../api/account';
import { AccountSection } from './account-section';
import { NotificationSettings } from './notification-settings';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import classes from './my-account.module.css';
import { TwoFactorSection } from './two-factor-section';

export const SETUP_REQUIRED_NOTICE =
  'Your role requires two-factor sign-in. Set it up below to open the other screens: until then they stay closed.';

/** My Account (`/account`): the signed-in user's profile, password, sessions and two-factor sign-in. */
export function MyAccountPage() {
  const account = useAccount();
  const data = account.data;
  return (
    <Stack gap="lg" pos="relative" mih={200}>
      <PageHeader items={[{ title: 'My Account' }]} />
      <PageLoadingOverlay visible={account.isLoading} />
      {account.isError && <ErrorAlert error={account.error} />}
      {data && (
        <>
          {data.twoFactorRequired && !data.twoFactorEnabled && (
            <Alert
              color="yellow"
              variant="light"
              title="Set up two-factor sign-in"
              classNames={{ title: classes.alertTitle }}
              icon={<IconShieldLock size={20} aria-hidden />}
              role="alert"
            >
              {SETUP_REQUIRED_NOTICE}
            </Alert>
          )}
          <AccountSection
            title="Profile"
            description="Your name and mobile number as your colleagues see them."
          >
            <ProfileSection key={data.id} account={data} />
          </AccountSection>
          <AccountSection
            title="Change password"
            description="Enter your current password, then the new one twice. It must be at least 8 characters long."
          >
            <PasswordSection />
          </AccountSection>
          <AccountSection
            title="Sessions"
            description="The browsers and devices signed in to your account. Sign out any you do not recognise."
          >
            <SessionsSection />
          </AccountSection>
          <TwoFactorSection account={data} />
          <NotificationSettings />
        </>
      )}
    </Stack>
  );
}
