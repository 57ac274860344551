import { PageHeader } from '@/components/page-header';

/** My Account (`/account`): the signed-in user's profile, password, sessions and two-factor sign-in. */
export function MyAccountPage() {
  return <PageHeader items={[{ title: 'My Account' }]} />;
}
