import { DEFAULT_CREDENTIALS } from './seed.js';

/**
 * For tests outside this package (no test framework needed): put a document into SAP the way another client
 * would, e.g. one carrying our key that our app never posted ("in SAP but not posted here").
 */
export interface ServiceLayerReply {
  status: number;
  /** The parsed JSON answer: the created entity on 201, SAP's error body otherwise. */
  body: Record<string, unknown> | undefined;
}

/**
 * Logs in at `base` (`http://127.0.0.1:<port>/b1s/v1`, or v2), POSTs `body` to the entity set, logs out.
 * Throws when the login fails; the POST's answer is returned whatever its status.
 */
export async function postServiceLayerDocument(
  base: string,
  entitySet: 'JournalEntries' | 'Invoices' | 'PurchaseInvoices',
  body: Record<string, unknown>,
  credentials: { companyDb: string; username: string; password: string } = DEFAULT_CREDENTIALS,
): Promise<ServiceLayerReply> {
  const login = await fetch(`${base}/Login`, {
    method: 'POST',
    body: JSON.stringify({
      CompanyDB: credentials.companyDb,
      UserName: credentials.username,
      Password: credentials.password,
    }),
  });
  if (login.status !== 200)
    throw new Error(`Service Layer login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  try {
    const response = await fetch(`${base}/${entitySet}`, {
      method: 'POST',
      headers: { cookie },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    };
  } finally {
    await fetch(`${base}/Logout`, { method: 'POST', headers: { cookie } });
  }
}
