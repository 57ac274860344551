/** Every route of the SPA (spec section 2). */
export const paths = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/password-reset/:token',
  dashboard: '/',
  salesInvoices: '/invoices/sales',
  transporterInvoices: '/invoices/transporter',
  cashAdvance: '/advance/cash',
  fuelAdvance: '/advance/fuel',
  vasTransactions: '/vas/transactions',
  users: '/users',
  roles: '/roles',
  auditLogs: '/logs',
  settings: '/general-settings',
} as const;
