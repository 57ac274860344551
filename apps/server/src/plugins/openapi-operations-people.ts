import type { Operation } from './openapi-tags.js';

/** The names of the health, sign-in, account, notification, user, role and audit routes (openapi-operations.ts). */
export const PEOPLE_OPERATIONS: Record<string, Operation> = {
  'GET /health/live': { id: 'getLiveness', summary: 'Whether the process is up', tag: 'Health' },
  'GET /health/ready': {
    id: 'getReadiness',
    summary: 'Whether the process can serve (database reachable)',
    tag: 'Health',
    description:
      'Answers 503 while the database cannot be reached, so a load balancer sends no traffic here.',
  },
  'GET /sanctum/csrf-cookie': {
    id: 'getCsrfCookie',
    summary: 'Issue the XSRF-TOKEN cookie before signing in',
    tag: 'Auth',
    description:
      'Sets the session and XSRF-TOKEN cookies; send the latter back as X-XSRF-TOKEN on every POST, PUT, PATCH and DELETE.',
  },
  'POST /login': {
    id: 'login',
    summary: 'Sign in with e-mail and password',
    tag: 'Auth',
    description:
      'Answers 204 when signed in, or 200 `{two_factor: true}` when the user must give a two-factor code next. Failed attempts are throttled.',
  },
  'POST /two-factor-challenge': {
    id: 'answerTwoFactorChallenge',
    summary: 'Complete a sign-in with a two-factor or recovery code',
    tag: 'Auth',
  },
  'POST /logout': { id: 'logout', summary: 'Sign out and end the session', tag: 'Auth' },
  'POST /forgot-password': { id: 'requestPasswordReset', summary: 'Send a password reset link', tag: 'Auth' },
  'POST /reset-password': {
    id: 'resetPassword',
    summary: 'Set a new password with a reset or invitation link',
    tag: 'Auth',
  },
  'GET /user': { id: 'getCurrentUser', summary: 'The signed-in user and their permissions', tag: 'Auth' },
  'GET /api/v1/session': {
    id: 'getSession',
    summary: 'Whether this browser is signed in, without refreshing the session',
    tag: 'Auth',
  },
  'GET /api/v1/account': { id: 'getAccount', summary: "The signed-in user's profile", tag: 'Account' },
  'PATCH /api/v1/account': {
    id: 'updateAccount',
    summary: "Change the signed-in user's name or phone",
    tag: 'Account',
  },
  'PUT /api/v1/account/password': {
    id: 'changePassword',
    summary: "Change the signed-in user's password",
    tag: 'Account',
  },
  'GET /api/v1/account/sessions': {
    id: 'listSessions',
    summary: "The signed-in user's sessions",
    tag: 'Account',
  },
  'DELETE /api/v1/account/sessions/{id}': {
    id: 'endSession',
    summary: "End one of the user's sessions",
    tag: 'Account',
  },
  'POST /api/v1/account/sessions/sign-out-others': {
    id: 'endOtherSessions',
    summary: 'End every session of the user but this one',
    tag: 'Account',
  },
  'POST /api/v1/account/two-factor': {
    id: 'startTwoFactorSetup',
    summary: 'Start setting up two-factor sign-in (a TOTP secret)',
    tag: 'Account',
  },
  'DELETE /api/v1/account/two-factor': {
    id: 'disableTwoFactor',
    summary: 'Turn two-factor sign-in off',
    tag: 'Account',
  },
  'POST /api/v1/account/two-factor/confirm': {
    id: 'confirmTwoFactor',
    summary: 'Confirm two-factor setup with a code from the app',
    tag: 'Account',
  },
  'POST /api/v1/account/two-factor/recovery-codes': {
    id: 'regenerateRecoveryCodes',
    summary: 'Replace the two-factor recovery codes',
    tag: 'Account',
  },
  'GET /api/v1/account/notifications': {
    id: 'getNotificationSettings',
    summary: "The user's notification choices",
    tag: 'Account',
  },
  'PUT /api/v1/account/notifications': {
    id: 'updateNotificationSettings',
    summary: "Change the user's notification choices",
    tag: 'Account',
  },
  'GET /api/v1/settings/security': {
    id: 'getSecuritySettings',
    summary: 'The two-factor policy',
    tag: 'Settings',
  },
  'PUT /api/v1/settings/security': {
    id: 'updateSecuritySettings',
    summary: 'Change the two-factor policy',
    tag: 'Settings',
  },
  'GET /api/v1/users': {
    id: 'listUsers',
    summary: 'Users, filtered by when they were created',
    tag: 'Users',
  },
  'POST /api/v1/users': { id: 'inviteUser', summary: 'Create a user and e-mail an invitation', tag: 'Users' },
  'PATCH /api/v1/toggleUser/{id}': { id: 'setUserActive', summary: 'Enable or disable a user', tag: 'Users' },
  'PATCH /api/v1/users/{id}': {
    id: 'updateUser',
    summary: "Change a user's name, phone or role",
    tag: 'Users',
  },
  'POST /api/v1/users/{id}/invitation': {
    id: 'resendInvitation',
    summary: "Send a user's invitation again",
    tag: 'Users',
  },
  'GET /api/v1/roles': { id: 'listRoles', summary: 'Roles with their permissions', tag: 'Roles' },
  'POST /api/v1/roles': { id: 'createRole', summary: 'Create a role', tag: 'Roles' },
  'GET /api/v1/permissions': { id: 'listPermissions', summary: 'The permission catalogue', tag: 'Roles' },
  'PATCH /api/v1/toggleRoles/{id}': {
    id: 'setRoleActive',
    summary: 'Enable or disable a role',
    tag: 'Roles',
  },
  'GET /api/v1/roles/{id}': { id: 'getRole', summary: 'A role and its permissions', tag: 'Roles' },
  'PUT /api/v1/roles/{id}/permissions': {
    id: 'setRolePermissions',
    summary: "Replace a role's permissions",
    tag: 'Roles',
  },
  'GET /api/v1/audits': {
    id: 'listAuditEntries',
    summary: 'The audit log, filtered, searched and sorted',
    tag: 'Audit',
    description:
      'Without paging parameters the whole filtered log as an array (up to LIST_ROW_CAP rows); with `page` or `perPage` one page and its totals.',
  },
  'GET /api/v1/audits/event-types': {
    id: 'listAuditEventTypes',
    summary: "The audit log's event types",
    tag: 'Audit',
  },
  'GET /api/v1/audits/actors': {
    id: 'listAuditActors',
    summary: 'Everyone who appears in the audit log',
    tag: 'Audit',
  },
  'GET /api/v1/accounts': {
    id: 'listLedgerAccounts',
    summary: 'SAP ledger accounts of one type',
    tag: 'Records',
  },
  'GET /api/v1/accounts/sapCheck': {
    id: 'checkLedgerAccounts',
    summary: 'Whether SAP has the ledger accounts postings use',
    tag: 'Settings',
  },
  'GET /api/v1/notifications': {
    id: 'listNotifications',
    summary: "The user's latest notifications",
    tag: 'Notifications',
  },
  'GET /api/v1/notifications/unread-count': {
    id: 'countUnreadNotifications',
    summary: 'How many notifications are unread',
    tag: 'Notifications',
  },
  'POST /api/v1/notifications/{id}/read': {
    id: 'markNotificationRead',
    summary: 'Mark a notification read',
    tag: 'Notifications',
  },
  'POST /api/v1/notifications/read-all': {
    id: 'markAllNotificationsRead',
    summary: 'Mark every notification read',
    tag: 'Notifications',
  },
};
