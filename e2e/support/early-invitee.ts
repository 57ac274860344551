import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminApiSession, createRoleViaApi, createUserViaApi, uniqueSuffix } from './auth';
import { E2E_STATE_DIR } from './env';

/**
 * A user invited when the suite starts (global-setup.ts), so the resend test of users-admin.spec.ts finds the
 * invitation more than a minute old (an invitation may be resent once a minute) instead of waiting out the
 * minute on the clock. A spec run on its own may still have to wait the rest of it.
 */
export type EarlyInvitee = { name: string; email: string; invitedAt: number };

const FILE = join(E2E_STATE_DIR, 'early-invitee.json');

/** Invites the user (a role of their own that views sales invoices) and records when. */
export async function inviteEarly(): Promise<void> {
  const suffix = uniqueSuffix();
  const invitee = { name: `Early Invitee ${suffix}`, email: `early-invitee-${suffix}@example.com` };
  const admin = await adminApiSession();
  try {
    const role = `E2E Early Invitee ${suffix}`;
    await createRoleViaApi(admin, role, ['View Sales Invoices']);
    await createUserViaApi(admin, { ...invitee, role });
  } finally {
    await admin.dispose();
  }
  writeFileSync(FILE, JSON.stringify({ ...invitee, invitedAt: Date.now() } satisfies EarlyInvitee));
}

/** The user `inviteEarly` invited. */
export const earlyInvitee = (): EarlyInvitee => JSON.parse(readFileSync(FILE, 'utf8')) as EarlyInvitee;
