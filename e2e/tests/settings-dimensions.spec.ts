import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApiSession, rawFetch, signInAsAdmin } from '../support/auth';
import { expectAccessibleInBothSchemes } from '../support/account';
import { collectConsoleErrors } from '../support/console';
import { expectToast } from '../support/ui';

type DimensionSettings = { rules: { dimension: number }[] };

/** The dimension rules as the server holds them (admin API session). */
async function storedDimensions(): Promise<{ status: number; body: DimensionSettings }> {
  const admin = await adminApiSession();
  try {
    const response = await rawFetch(admin, 'GET', '/api/v1/settings/dimensions');
    return { status: response.status(), body: ((await response.json()) as { data: DimensionSettings }).data };
  } finally {
    await admin.dispose();
  }
}

/** Picks a Mantine Select's option with the keyboard alone. */
async function chooseWithKeyboard(page: Page, select: Locator, option: string) {
  await select.focus();
  await page.keyboard.press('ArrowDown');
  const wanted = page.getByRole('option', { name: option, exact: true });
  await expect(wanted).toBeVisible();
  for (let i = 0; i < 6 && (await wanted.getAttribute('data-combobox-selected')) === null; i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(select).toHaveValue(option);
}

/** Types into an input reached by focus, as a keyboard user does (Tab order is the DOM's). */
async function typeInto(page: Page, input: Locator, text: string) {
  await input.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

test.describe('settings: dimensions (cost centres)', () => {
  let before: DimensionSettings;
  test.beforeAll(async () => {
    const stored = await storedDimensions();
    expect(stored.status).toBe(200);
    before = stored.body;
    expect(
      before.rules.map((r) => r.dimension),
      'dimension 2 is free on the shared server',
    ).not.toContain(2);
  });
  test.afterAll(async () => {
    // Leave the server as found, whatever the test did.
    const admin = await adminApiSession();
    try {
      const put = await rawFetch(admin, 'PUT', '/api/v1/settings/dimensions', before);
      expect(put.status()).toBe(200);
    } finally {
      await admin.dispose();
    }
  });

  test('an administrator adds a route rule for dimension 2 with the keyboard, keeps it, then removes it', async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    await signInAsAdmin(page);
    await page.goto('/general-settings');
    await page.getByRole('tab', { name: 'Dimensions (cost centres)' }).click();
    const section = page.getByRole('form', { name: 'Dimensions (cost centres)' });
    await expect(section).toBeVisible();
    await expect(page.getByText(/Each line posted to SAP carries the distribution rule/)).toBeVisible();
    const save = section.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();

    // Keyboard only: add a rule, move it to dimension 2, read the route.
    await section.getByRole('button', { name: 'Add dimension rule' }).focus();
    await page.keyboard.press('Enter');
    const added = section.getByRole('group').last();
    await chooseWithKeyboard(page, added.getByLabel('Dimension', { exact: true }), 'Dimension 2');
    const rule = section.getByRole('group', { name: 'Dimension 2' });
    await chooseWithKeyboard(page, rule.getByLabel('Chosen by'), 'Route');
    await typeInto(page, rule.getByRole('textbox', { name: 'Route', exact: true }), 'Mombasa - Nairobi');
    await typeInto(page, rule.getByRole('textbox', { name: 'Code', exact: true }), 'MSA-NBO');
    await typeInto(page, rule.getByRole('textbox', { name: 'Default code' }), 'NBO-KLA');
    await expect(save).toBeEnabled();

    // Phone width: the section fits without a horizontal scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rule).toBeVisible();
    // Once the navigation has slid away (it collapses below the small breakpoint).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'fits 390 px' })
      .toBeLessThanOrEqual(390);
    await expectAccessibleInBothSchemes(page, 'the Dimensions tab');
    await page.setViewportSize({ width: 1440, height: 900 });

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/settings/dimensions') && r.request().method() === 'PUT',
    );
    await save.focus();
    await page.keyboard.press('Enter');
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({
      rules: [
        ...before.rules,
        {
          dimension: 2,
          field: 'route',
          codes: [{ value: 'Mombasa - Nairobi', code: 'MSA-NBO' }],
          defaultCode: 'NBO-KLA',
        },
      ],
    });
    await expectToast(page, { message: 'Dimensions saved.', color: 'blue' });
    await expect(save).toBeDisabled();

    // Kept: a reload shows it from the server.
    await page.reload();
    await page.getByRole('tab', { name: 'Dimensions (cost centres)' }).click();
    const kept = page.getByRole('group', { name: 'Dimension 2' });
    await expect(kept.getByLabel('Chosen by')).toHaveValue('Route');
    await expect(kept.getByRole('textbox', { name: 'Route', exact: true })).toHaveValue('Mombasa - Nairobi');
    await expect(kept.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue('MSA-NBO');
    await expect(kept.getByRole('textbox', { name: 'Default code' })).toHaveValue('NBO-KLA');

    // Removed again, and saved: the server is as it was.
    await kept.getByRole('button', { name: 'Remove dimension 2 rule' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: 'Dimension 2' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, { message: 'Dimensions saved.', color: 'blue' });
    expect((await storedDimensions()).body).toEqual(before);
    expect(consoleErrors.errors).toEqual([]);
  });
});
