import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notification } from '@ff/contract';
import { Route, Routes, useLocation } from 'react-router';
import { fakeApi } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import { NotificationBell } from './notification-bell';
import { timeAgo } from './notification-item';

const failed: Notification = {
  id: 7,
  type: 'posting_failed',
  title: 'TRP-2026-003976 (VAS transaction) could not be posted',
  body: 'Posting period locked; specify an alternative date',
  link: '/postings?kind=journalVasTransaction&status=failed',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
};
const older: Notification = {
  ...failed,
  id: 3,
  title: 'TRP-2026-000001 (VAS transaction) could not be posted',
  readAt: new Date().toISOString(),
};

let restore = () => {};
afterEach(() => restore());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderBell() {
  let unread = 1;
  const api = fakeApi((call) => {
    if (call.url === '/notifications/unread-count') return [200, { data: { unread } }];
    if (call.url === '/notifications') return [200, { data: [failed, older], meta: { unread } }];
    if (call.method === 'post' && call.url === '/notifications/7/read') {
      unread = 0;
      return [204, null];
    }
    if (call.method === 'post' && call.url === '/notifications/read-all') {
      unread = 0;
      return [204, null];
    }
    return [404, {}];
  });
  restore = api.restore;
  renderPostingPage(
    <>
      <NotificationBell />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    ['/'],
  );
  return api;
}

describe('NotificationBell', { timeout: 30_000 }, () => {
  it('shows the unread count, lists the latest and opens one, marking it read', async () => {
    const api = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await act(async () => fireEvent.click(bell));
    const link = await screen.findByRole('link', { name: /TRP-2026-003976 \(VAS transaction\)/ });
    expect(link.textContent).toContain('Posting period locked; specify an alternative date');
    expect(link.textContent).toContain('5 minutes ago');
    expect(screen.getAllByRole('img', { name: 'Unread' })).toHaveLength(1);

    await act(async () => fireEvent.click(link));
    expect(screen.getByTestId('where').textContent).toBe(
      '/postings?kind=journalVasTransaction&status=failed',
    );
    expect(api.calls.some((c) => c.method === 'post' && c.url === '/notifications/7/read')).toBe(true);
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
  });

  it('marks all as read', async () => {
    const api = renderBell();
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' })),
    );
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' })));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'post' && c.url === '/notifications/read-all')).toBe(true),
    );
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
  });
});

describe('timeAgo', () => {
  it('says how long ago in words', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(timeAgo('2026-11-24T11:59:30Z', now)).toBe('30 seconds ago');
    expect(timeAgo('2026-11-24T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-23T12:00:00Z', now)).toBe('yesterday');
  });
});
