import { expect, test, type Page } from '@playwright/test';
import {
  adminApiSession,
  createSignedUpUser,
  createUserViaApi,
  signIn,
  signInAsAdmin,
  uniqueSuffix,
  type Credentials,
} from '../support/auth';
import { dataTableFrame, showingCounts } from '../support/ui';

/**
 * A list's search, sort and page live in the URL and are remembered per user (issue 12), on the Users
 * list: 102 users of this spec's own (unique suffix) give a search of exactly two pages (100 + 2).
 */
const suffix = uniqueSuffix();
const USERS = 102;
let clerk: Credentials;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const admin = await adminApiSession();
  try {
    // The clerk first: its invitation mail is then not queued behind the other users' ones.
    clerk = await createSignedUpUser(admin, {
      roleName: `Lister ${suffix}`,
      permissions: ['Manage Users'],
      email: `url.clerk.${suffix}@example.com`,
      password: 'Url-State-Passw0rd!',
    });
    for (let n = 1; n <= USERS; n += 1) {
      await createUserViaApi(admin, {
        name: `Url State ${suffix} ${String(n).padStart(3, '0')}`,
        email: `url.${suffix}.${n}@example.com`,
        role: 'Administrator',
      });
    }
  } finally {
    await admin.dispose();
  }
});

function usersList(page: Page) {
  const frame = dataTableFrame(page, 'Users');
  const pager = frame.locator('.mantine-Pagination-root');
  return {
    frame,
    search: frame.getByRole('textbox', { name: 'Search records' }),
    pageButton: (n: number) => pager.getByRole('button', { name: String(n), exact: true }),
  };
}

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test.describe('list state in the URL', () => {
  test('search and page are in the URL; reload keeps them; Back steps back through them', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/users');
    const { frame, search, pageButton } = usersList(page);
    await search.fill(`url state ${suffix}`);
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}` });
    await expect.poll(() => showingCounts(frame)).toEqual({ shown: 100, total: USERS });

    await pageButton(2).click();
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}`, page: '2' });
    await expect.poll(() => showingCounts(frame)).toEqual({ shown: 2, total: USERS });

    await page.reload();
    await expect(search).toHaveValue(`url state ${suffix}`);
    await expect(pageButton(2)).toHaveAttribute('data-active', 'true');
    await expect.poll(() => showingCounts(frame)).toEqual({ shown: 2, total: USERS });

    // Sorting is a step of its own, back on the first page.
    const header = frame.getByRole('columnheader', { name: 'Full Name' });
    await header.getByRole('button').click();
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}`, sort: 'name:asc' });
    await expect(pageButton(1)).toHaveAttribute('data-active', 'true');

    await page.goBack();
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}`, page: '2' });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect(pageButton(2)).toHaveAttribute('data-active', 'true');
    await expect.poll(() => showingCounts(frame)).toEqual({ shown: 2, total: USERS });

    await page.goBack();
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}` });
    await expect(pageButton(1)).toHaveAttribute('data-active', 'true');
    await expect.poll(() => showingCounts(frame)).toEqual({ shown: 100, total: USERS });

    // A shared link opens the same state.
    await page.goto(`/users?q=${encodeURIComponent(`${suffix} 101`)}`);
    await expect(search).toHaveValue(`${suffix} 101`);
    await expect.poll(() => showingCounts(frame)).toEqual({ shown: 1, total: 1 });
  });

  test('a bare URL opens Users as this user left it, and not as another user left it', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/users');
    const { frame, search, pageButton } = usersList(page);
    await search.fill(`url state ${suffix}`);
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}` });
    await pageButton(2).click();
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}`, page: '2' });

    // Elsewhere, then back to the bare address (the navigation link).
    await page.goto('/roles');
    await page.goto('/users');
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}`, page: '2' });
    await expect(search).toHaveValue(`url state ${suffix}`);
    await expect(pageButton(2)).toHaveAttribute('data-active', 'true');
    await expect.poll(() => showingCounts(frame)).toEqual({ shown: 2, total: USERS });

    // Another user in the same browser: the administrator's state is not theirs.
    await page.context().clearCookies();
    await signIn(page, clerk);
    await page.goto('/users');
    await expect(frame.getByRole('columnheader', { name: 'Full Name' })).toBeVisible();
    await expect(search).toHaveValue('');
    expect(params(page)).toEqual({});
    await expect(pageButton(1)).toHaveAttribute('data-active', 'true');
  });
});
