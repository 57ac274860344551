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
 * list: three users of this spec's own (unique suffix) are what its search finds. The page in the URL is
 * proven on the posting screens (posting-export-url.spec.ts, 250 demo rows); here it would need more than
 * 100 users of the shared server, which would push the administrator off the first page (and 100 invitation
 * mails ahead of every later spec's) for the rest of the suite.
 */
const suffix = uniqueSuffix();
const USERS = 3;
let clerk: Credentials;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const admin = await adminApiSession();
  try {
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
  return {
    frame,
    search: frame.getByRole('textbox', { name: 'Search records' }),
    header: frame.getByRole('columnheader', { name: 'Full Name' }),
    firstName: frame.locator('tbody tr').first().locator('td').first(),
  };
}

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const nameOf = (n: number) => `Url State ${suffix} ${String(n).padStart(3, '0')}`;

test.describe('list state in the URL', () => {
  test('search and sort are in the URL; reload keeps them; Back steps back through them', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/users');
    const { frame, search, header, firstName } = usersList(page);
    await search.fill(`url state ${suffix}`);
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}` });
    await expect.poll(() => showingCounts(frame)).toEqual({ shown: USERS, total: USERS });

    await header.getByRole('button').click();
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}`, sort: 'name:asc' });
    await expect(firstName).toHaveText(nameOf(1));
    await header.getByRole('button').click();
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}`, sort: 'name:desc' });
    await expect(firstName).toHaveText(nameOf(USERS));

    await page.reload();
    await expect(search).toHaveValue(`url state ${suffix}`);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(firstName).toHaveText(nameOf(USERS));

    await page.goBack();
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}`, sort: 'name:asc' });
    await expect(firstName).toHaveText(nameOf(1));

    await page.goBack();
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}` });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect.poll(() => showingCounts(frame)).toEqual({ shown: USERS, total: USERS });

    // A shared link opens the same state.
    await page.goto(`/users?q=${encodeURIComponent(`${suffix} 002`)}`);
    await expect(search).toHaveValue(`${suffix} 002`);
    await expect.poll(() => showingCounts(frame)).toEqual({ shown: 1, total: 1 });
  });

  test('a bare URL opens Users as this user left it, and not as another user left it', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/users');
    const { frame, search, header, firstName } = usersList(page);
    await search.fill(`url state ${suffix}`);
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}` });
    await header.getByRole('button').click();
    await header.getByRole('button').click();
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}`, sort: 'name:desc' });

    // Elsewhere, then back to the bare address (the navigation link).
    await page.goto('/roles');
    await page.goto('/users');
    await expect.poll(() => params(page)).toEqual({ q: `url state ${suffix}`, sort: 'name:desc' });
    await expect(search).toHaveValue(`url state ${suffix}`);
    await expect(firstName).toHaveText(nameOf(USERS));
    await expect.poll(() => showingCounts(frame)).toEqual({ shown: USERS, total: USERS });

    // Another user in the same browser: the administrator's state is not theirs.
    await page.context().clearCookies();
    await signIn(page, clerk);
    await page.goto('/users');
    await expect(frame.getByRole('columnheader', { name: 'Full Name' })).toBeVisible();
    await expect(search).toHaveValue('');
    expect(params(page)).toEqual({});
    await expect(header).toHaveAttribute('aria-sort', 'none');
  });
});
