import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@ff/contract';
import { fakeApi } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import { NotificationSettings } from './notification-settings';

let restore = () => {};
afterEach(() => restore());

describe('NotificationSettings', { timeout: 30_000 }, () => {
  it('shows the stored digest choice and saves a change with a toast', async () => {
    let emailDigest = false;
    const api = fakeApi((call) => {
      if (call.url !== '/account/notifications') return [404, {}];
      if (call.method === 'put') emailDigest = (call.body as { emailDigest: boolean }).emailDigest;
      return [200, { emailDigest }];
    });
    restore = api.restore;
    renderPostingPage(<NotificationSettings />, ['/account']);
    const toggle = await screen.findByRole('switch', { name: NOTIFICATION_MESSAGES.emailDigestLabel });
    await screen.findByRole('region', { name: 'Notifications' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const input = toggle as HTMLInputElement;
    expect(input.checked).toBe(false);
    expect(input.disabled).toBe(false);
    await act(async () => fireEvent.click(toggle));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.preferencesSaved)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'put').map((c) => c.body)).toEqual([{ emailDigest: true }]);
    expect(input.checked).toBe(true);
  });
});
