import { z } from 'zod';
import { listOf } from './common.js';
import { SETTINGS_MESSAGES } from './plain.js';

/** The stored password is never sent to the browser: `hasPassword` says whether one is saved. */
export const connectionSetting = z.object({
  id: z.number().int(),
  companyDb: z.string(),
  username: z.string(),
  password: z.string(),
  hasPassword: z.boolean(),
});
export type ConnectionSetting = z.infer<typeof connectionSetting>;

/** `GET /connectionSetting`: the first entry is the connection in use. */
export const connectionSettingList = listOf(connectionSetting);

/** A missing field gets the same 'is required' message as a blank one. */
const requiredText = (message: string) =>
  z.preprocess((value) => value ?? '', z.string().trim().min(1, message).max(100, 'At most 100 characters.'));

/** A blank password keeps the stored one (docs/design/architecture.md section 8); it is never trimmed. */
const optionalPassword = z.preprocess((value) => value ?? '', z.string().max(256, 'At most 256 characters.'));

export const updateConnectionSettingBody = z.object({
  companyDb: requiredText(SETTINGS_MESSAGES.companyDbRequired),
  username: requiredText(SETTINGS_MESSAGES.usernameRequired),
  password: optionalPassword,
});
export type UpdateConnectionSettingBody = z.infer<typeof updateConnectionSettingBody>;

/** `PATCH /connectionSetting/{id}` answers the saved setting (password blank, hasPassword true). */
export const updateConnectionSettingResult = connectionSetting;

export const testConnectionBody = z.object({
  companyDb: requiredText(SETTINGS_MESSAGES.companyDbRequired),
  username: requiredText(SETTINGS_MESSAGES.usernameRequired),
  password: optionalPassword,
});
export type TestConnectionBody = z.infer<typeof testConnectionBody>;

/** Always 200: `failed` carries SAP's own reason (e.g. 'Login failed') or why SAP could not be reached. */

/**
 * The SAP connection as a finance user needs to know it (issue 12): working, the login refused by SAP (wrong
 * user or password), SAP not reachable (network, timeout, a 5xx), or no connection set up yet.
 */
export const SAP_CONNECTION_STATES = ['connected', 'login-refused', 'unreachable', 'not-configured'] as const;
export type SapConnectionState = (typeof SAP_CONNECTION_STATES)[number];

/** `GET /api/v1/sap-status`: any signed-in user; checked at most once a minute unless `refresh=1`. */
export const sapStatus = z.object({
  state: z.enum(SAP_CONNECTION_STATES),
  /** What was found, in words for people; a failure names SAP's (or the network's) own reason. */
  message: z.string(),
  /** When SAP was last asked, `yyyy-MM-dd HH:mm:ss` in the application's time zone. */
  checkedAt: z.string(),
});
export type SapStatus = z.infer<typeof sapStatus>;

/** `refresh=1` asks SAP now instead of answering the last check (Manage Settings only). */
export const sapStatusQuery = z.object({ refresh: z.enum(['0', '1']).optional() });

/**
 * `POST /api/v1/settings/connection/test` (Manage Settings): the form's values tried before saving them.
 * Always 200; `ok` false says which failure it was (`state`) and SAP's answer (`message`).
 */
export const connectionTestResult = z.object({
  /** The spec's answer of `POST /testConnection`: 'success' or 'failed'. */
  status: z.enum(['success', 'failed']),
  ok: z.boolean(),
  state: z.enum(SAP_CONNECTION_STATES),
  message: z.string(),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResult>;

/**
 * `POST /api/v1/testConnection` (the spec's `{status, message}`): since issue 23 the same body as
 * `POST /api/v1/settings/connection/test`, so a client reads either the same way.
 */
export const testConnectionResult = connectionTestResult;
export type TestConnectionResult = ConnectionTestResult;
