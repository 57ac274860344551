import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { adminApiSession, createSignedUpUser, fillLogin, uniqueSuffix, type Credentials } from './auth';
import { axeOn } from './axe';

/** Helpers of the My Account and two-factor specs. */

const STEP_SECONDS = 30;

/**
 * An authenticator app for one secret. The server takes each 30-second step's code once and the steps next
 * to the current one, so `nextCode()` gives a code of a step not used yet, waiting for the clock when the
 * next allowed step is still ahead.
 */
export class Authenticator {
  private readonly totp: OTPAuth.TOTP;
  private lastStep = -Infinity;

  constructor(secret: string) {
    this.totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')),
      algorithm: 'SHA1',
      digits: 6,
      period: STEP_SECONDS,
    });
  }

  private static step(at = Date.now()) {
    return Math.floor(at / 1000 / STEP_SECONDS);
  }

  /** A code the server accepts now (its step or the next) and has not seen yet. */
  async nextCode(): Promise<string> {
    const step = Math.max(this.lastStep + 1, Authenticator.step());
    while (step > Authenticator.step() + 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * STEP_SECONDS * 1000 });
  }

  /** A 6-digit code that is none of the codes the server would accept now. */
  wrongCode(): string {
    const now = Authenticator.step();
    const valid = new Set(
      [now - 1, now, now + 1].map((s) => this.totp.generate({ timestamp: s * STEP_SECONDS * 1000 })),
    );
    for (let n = 0; ; n += 1) {
      const code = String(123456 + n * 7919)
        .padStart(6, '0')
        .slice(-6);
      if (!valid.has(code)) return code;
    }
  }
}

/** A fresh user of a role of their own (by default without administration permissions); never the admin. */
export async function createAccountUser(
  label: string,
  permissions: string[] = ['View Sales Invoices'],
): Promise<Credentials & { name: string }> {
  const suffix = uniqueSuffix();
  const admin = await adminApiSession();
  try {
    const name = `E2E ${label} ${suffix}`;
    const created = await createSignedUpUser(admin, {
      roleName: `E2E ${label} ${suffix}`,
      permissions,
      name,
      email: `${label.toLowerCase().replace(/\W+/g, '-')}-${suffix}@example.com`,
      password: `Account-${suffix}-Pw1`,
    });
    return { email: created.email, password: created.password, name };
  } finally {
    await admin.dispose();
  }
}

/** Opens My Account from the header's account menu. */
export async function openMyAccount(page: Page, name: string) {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
}

/** A part of My Account by its heading ('Profile', 'Change password', 'Sessions', 'Two-factor sign-in'). */
export const accountSection = (page: Page, title: string) => page.getByRole('region', { name: title });

/** Logs out through the account menu and its confirmation; ends on /login. */
export async function logOut(page: Page, name: string) {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Types the e-mail and password and submits; for a two-factor account this ends on the code step. */
export async function submitPassword(page: Page, creds: Credentials) {
  await page.goto('/login');
  await fillLogin(page, creds.email, creds.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The second sign-in step: types `code` into the field (code or recovery code) and verifies. */
export async function answerChallenge(page: Page, label: 'Two-factor code' | 'Recovery code', code: string) {
  await page.getByRole('textbox', { name: label }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

export const expectDashboard = async (page: Page) => {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
};

/**
 * axe on the page as it is now, in the light and then the dark colour scheme (switched the way Mantine does,
 * on the root element, so the state on screen stays): no serious or critical violation in either.
 */
export async function expectAccessibleInBothSchemes(page: Page, where: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate(
      (value) => document.documentElement.setAttribute('data-mantine-color-scheme', value),
      scheme,
    );
    // Toasts come and go (and animate in); they belong to the app's shared toast setup, not to this screen.
    const { violations } = await axeOn(page).exclude('.mantine-Notifications-root').analyze();
    const blocking = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(blocking, `${where}, ${scheme} scheme`).toEqual([]);
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
}

/**
 * Sets up two-factor sign-in on My Account (already open) with a code generated from the shown key;
 * returns the authenticator and the recovery codes shown.
 */
/**
 * Sets up two-factor sign-in from My Account. `password`: where two-factor is required, a session that signed in
 * with the password alone must give it again to turn two-factor on (issue 21).
 */
export async function enrolTwoFactor(
  page: Page,
  password?: string,
): Promise<{ app: Authenticator; recoveryCodes: string[] }> {
  const section = accountSection(page, 'Two-factor sign-in');
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const app = new Authenticator((await section.locator('code').innerText()).replace(/\s+/g, ''));
  if (password !== undefined) await section.getByLabel('Your password').fill(password);
  await section.getByRole('textbox', { name: 'Code from the app' }).fill(await app.nextCode());
  await section.getByRole('button', { name: 'Turn on' }).click();
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  return { app, recoveryCodes };
}
