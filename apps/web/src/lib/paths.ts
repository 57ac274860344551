/** The SPA's routes (docs/spec/product-spec.md section 2) besides the record screens, whose paths the registry gives (`recordScreens()`). */
export const paths = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/password-reset/:token',
  dashboard: '/',
  users: '/users',
  roles: '/roles',
  auditLogs: '/logs',
  settings: '/general-settings',
  /** My Account (the header menu's item): profile, password, sessions, two-factor sign-in. */
  account: '/account',
  /** Beyond the spec (issue 11): every posting with its timeline and reversal, and the comparison with SAP. */
  postings: '/postings',
  reconciliation: '/reconciliation',
} as const;
