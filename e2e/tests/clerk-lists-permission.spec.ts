import { expect, test } from '@playwright/test';
import { adminApiSession, createSignedUpUser, signIn, uniqueSuffix } from '../support/auth';
import { bodyRows, cashTable, ledgerLabel, openCashAdvance, pettyCashLedgers } from '../support/clerk-lists';
import { postButton } from '../support/posting';

/**
 * Issue 26, defect 10: a clerk whose role may view Cash Advances but not post them can select rows, and the
 * post button stays disabled, its tooltip naming the permission. Before the fix the button was enabled and
 * only the server's 403 refused the post.
 */
test('without Post Cash Advances the post button is disabled and says which permission it needs', async ({
  page,
}) => {
  test.slow();
  const suffix = uniqueSuffix();
  const clerk = { email: `no-post-${suffix}@example.com`, password: 'NoPost-e2e-Passw0rd' };
  const admin = await adminApiSession();
  try {
    await createSignedUpUser(admin, {
      roleName: `E2E No Post ${suffix}`,
      permissions: ['View Cash Advances'],
      ...clerk,
    });
  } finally {
    await admin.dispose();
  }
  await signIn(page, clerk.email, clerk.password);
  await openCashAdvance(page);
  const first = bodyRows(cashTable(page)).first();
  const [ledger] = await pettyCashLedgers(page);
  await first
    .getByRole('combobox', { name: /^Posting ledger of trip / })
    .selectOption({ label: ledgerLabel(ledger!) });
  await first.getByRole('checkbox', { name: /^Select trip / }).check();
  await expect(page.getByTestId('selection-summary')).toContainText('1 selected');

  await expect(postButton(page)).toBeDisabled();
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/journalCashAdvance')) posts += 1;
  });
  await postButton(page).hover();
  await expect(page.getByRole('tooltip')).toHaveText('You need the Post Cash Advances permission.');
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();
  // From the keyboard too: the disabled button keeps the focus and shows why.
  await postButton(page).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(postButton(page)).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('You need the Post Cash Advances permission.');
  await postButton(page).click({ force: true });
  await page.waitForTimeout(500);
  expect(posts, 'nothing is sent').toBe(0);
});
