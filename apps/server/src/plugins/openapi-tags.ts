/**
 * The tags the OpenAPI document lists its operations under (issue 23), and the shape of an operation's name
 * (openapi-operations.ts).
 */
export type Operation = { id: string; summary: string; tag: Tag; description?: string };

export const TAGS = {
  Auth: "Signing in and out, two-factor challenges, password resets and the session (the SPA's sign-in flow: GET /sanctum/csrf-cookie first).",
  Account:
    "The signed-in user's own profile, password, sessions, two-factor sign-in and notification choices.",
  Records:
    'Trip records awaiting posting, one list and one post route per kind, and what the posting screens read beside them.',
  'Posting History': "Every posting attempt of every kind, with SAP's document.",
  Reversal: "Cancelling a posted record's SAP document so the record can be posted again.",
  Reconciliation:
    "Comparing our postings with SAP's documents over a date range, and adopting SAP's side of a difference.",
  Notifications: "The signed-in user's notifications of failed and reversed postings.",
  Import: "The trip system's import of records (a bearer API token), and the tokens themselves.",
  Users: 'Users, their invitations and whether they may sign in.',
  Roles: 'Roles and the permissions they grant.',
  Audit: 'The tamper-evident audit log.',
  Settings: 'The SAP connection, security policy, dimensions and posting defaults.',
  Health: 'Liveness and readiness probes for the load balancer and the orchestrator.',
} as const;
export type Tag = keyof typeof TAGS;
