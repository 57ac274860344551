import type { SimContext } from '../context.js';
import { LOGIN_PARAMETERS } from '../entities.js';
import { sapError } from '../errors.js';
import { entityEnvelope } from '../odata/format.js';
import { parseCookies } from '../sessions.js';
import { bump } from '../stats.js';
import { parseJsonObject } from '../validation/payload.js';
import type { SlReply, SlRequest } from './types.js';

/** The Version a Login answers (a 10.0 build number, as in docs/design/sap-service-layer.md "Sessions"); clients only log it. */
const SERVICE_LAYER_VERSION = '1000190';

export function login(context: SimContext, request: SlRequest): SlReply {
  const body = parseJsonObject(request.body);
  for (const [property, value] of Object.entries(body)) {
    if (!(LOGIN_PARAMETERS as readonly string[]).includes(property)) {
      throw sapError('unknownProperty', { property, type: 'Login' });
    }
    if (typeof value !== 'string')
      throw sapError('wrongType', { property, type: 'Login', expected: 'Edm.String' });
  }
  const { companyDb, username, password } = context.credentials;
  if (body.CompanyDB !== companyDb || body.UserName !== username || body.Password !== password) {
    context.stats.failedLogins++;
    throw sapError('loginFailed');
  }
  const sessionId = context.sessions.create();
  context.stats.logins++;
  const timeoutMinutes = Math.max(1, Math.round(context.config.sessionTimeoutSeconds / 60));
  return {
    status: 200,
    headers: { 'set-cookie': [`B1SESSION=${sessionId}; HttpOnly`, 'ROUTEID=.node1; path=/'] },
    body: entityEnvelope(request.version, request.root, 'B1Sessions', {
      SessionId: sessionId,
      Version: SERVICE_LAYER_VERSION,
      SessionTimeout: timeoutMinutes,
    }),
  };
}

export function sessionIdOf(request: Pick<SlRequest, 'headers'>): string | undefined {
  const header = request.headers['cookie'];
  return parseCookies(Array.isArray(header) ? header.join('; ') : header)['B1SESSION'];
}

/** Logout always answers 204, like SAP, even when the session had already gone. */
export function logout(context: SimContext, request: SlRequest): SlReply {
  context.sessions.delete(sessionIdOf(request));
  context.stats.logouts++;
  return { status: 204 };
}

/** Every call but Login and Logout: a live session, whose idle timer restarts. */
export function requireSession(context: SimContext, request: SlRequest): void {
  if (!context.sessions.touch(sessionIdOf(request))) throw sapError('invalidSession');
}

export function countRequest(context: SimContext, resource: string): void {
  bump(context.stats.requests, resource);
}
