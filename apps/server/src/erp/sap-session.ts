import { createHash } from 'node:crypto';
import { cookieHeader, cookiesFrom, SESSION_COOKIE, type CookieJar } from './session-cookies.js';
import { fromReply, fromTransport, unreadableReply } from './classify.js';
import { CLIENT_CODES, SapError } from './sap-error.js';
import { TransportError, type Exchange, type Reply } from './transport.js';
import { databaseFailureWords } from '../db/connection-faults.js';

export type SapCredentials = { companyDb: string; username: string; password: string };
/** Where the client reads the credentials on every call, so saved settings apply to the next call. */
export type CredentialsProvider = () => Promise<SapCredentials | null>;

export type SapLogger = {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export type Session = {
  readonly jar: CookieJar;
  readonly fingerprint: string;
  readonly idleLimitMs: number;
  lastUsedAt: number;
};

export type LoginResult = {
  session: Session;
  version: string | undefined;
  sessionTimeoutMinutes: number | undefined;
};

/** One exchange; `timeoutMs` overrides the client's limit. */
type Send = (call: Omit<Exchange, 'timeoutMs'> & { timeoutMs?: number }) => Promise<Reply>;

/** Logout is a courtesy: never let it hold up a shutdown. */
const LOGOUT_TIMEOUT_MS = 2_000;

/** Identifies a set of credentials without keeping the password in a comparable form. */
export function fingerprintOf(credentials: SapCredentials): string {
  return createHash('sha256')
    .update(JSON.stringify([credentials.companyDb, credentials.username, credentials.password]))
    .digest('hex');
}

/**
 * The shared Service Layer session: one Login for any number of concurrent callers (single flight), reused
 * until SAP rejects it, its idle timeout passes, or the stored credentials change.
 */
export function createSessionManager(deps: {
  send: Send;
  url: (path: string) => URL;
  origin: string;
  timeoutMs: number;
  credentials: CredentialsProvider;
  logger: SapLogger;
}) {
  const { send, logger } = deps;
  let current: Session | null = null;
  let pending: { fingerprint: string; promise: Promise<Session> } | null = null;
  let wantedFingerprint: string | null = null;

  async function login(credentials: SapCredentials, fingerprint: string): Promise<LoginResult> {
    const operation = 'POST Login';
    let reply: Reply;
    try {
      reply = await send({
        method: 'POST',
        url: deps.url('Login'),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          CompanyDB: credentials.companyDb,
          UserName: credentials.username,
          Password: credentials.password,
        }),
      });
    } catch (error) {
      if (error instanceof TransportError)
        throw fromTransport(error, 'login', operation, deps.origin, deps.timeoutMs);
      throw error;
    }
    if (reply.status < 200 || reply.status >= 300) throw fromReply(reply, 'login', operation);
    let body: { SessionId?: unknown; Version?: unknown; SessionTimeout?: unknown };
    try {
      body = JSON.parse(reply.text) as typeof body;
    } catch {
      throw unreadableReply('login', operation, reply.status);
    }
    const jar = cookiesFrom(reply.headers['set-cookie']);
    // Some builds answer the id only in the body; the cookie is what later calls need.
    if (!jar.has(SESSION_COOKIE) && typeof body.SessionId === 'string')
      jar.set(SESSION_COOKIE, body.SessionId);
    if (!jar.has(SESSION_COOKIE)) throw unreadableReply('login', operation, reply.status);
    const minutes =
      typeof body.SessionTimeout === 'number' && body.SessionTimeout > 0 ? body.SessionTimeout : undefined;
    const session: Session = {
      jar,
      fingerprint,
      // Re-login a little before SAP would time the session out, to spare a 401 round trip.
      idleLimitMs: (minutes ?? 30) * 60_000 * 0.9,
      lastUsedAt: Date.now(),
    };
    return {
      session,
      version: typeof body.Version === 'string' ? body.Version : undefined,
      sessionTimeoutMinutes: minutes,
    };
  }

  /** Best effort: a failed Logout only leaves a session for SAP to time out. */
  async function logout(jar: CookieJar): Promise<void> {
    try {
      await send({
        method: 'POST',
        url: deps.url('Logout'),
        headers: { cookie: cookieHeader(jar), accept: 'application/json' },
        timeoutMs: LOGOUT_TIMEOUT_MS,
      });
    } catch {
      // ignored on purpose
    }
  }

  async function readCredentials(operation: string): Promise<SapCredentials> {
    let credentials: SapCredentials | null;
    try {
      credentials = await deps.credentials();
    } catch (error) {
      if (error instanceof SapError) throw error;
      // The stored settings live in the database: when it is away, say so (never the failed statement).
      const database = databaseFailureWords(error);
      const reason = database
        ? `the stored connection settings could not be read because ${database}`
        : error instanceof Error
          ? error.message
          : String(error);
      throw new SapError({
        kind: 'auth',
        status: null,
        code: CLIENT_CODES.notConfigured,
        operation,
        message: reason,
        cause: error,
      });
    }
    if (!credentials || !credentials.companyDb || !credentials.username || !credentials.password) {
      throw new SapError({
        kind: 'auth',
        status: null,
        code: CLIENT_CODES.notConfigured,
        operation,
        message:
          'The SAP Business One connection is not set up: save the Company DB, Username and Password under Settings.',
      });
    }
    return credentials;
  }

  return {
    login,
    logout,

    /** The session to use for the next call; logs in (once, for every waiting caller) when needed. */
    async acquire(operation: string): Promise<Session> {
      const credentials = await readCredentials(operation);
      const fingerprint = fingerprintOf(credentials);
      wantedFingerprint = fingerprint;
      if (current && current.fingerprint !== fingerprint) {
        // The stored credentials changed: the old session must not serve another call.
        void logout(current.jar);
        current = null;
      }
      // Past (most of) SAP's idle timeout the session is as good as gone: log in again rather than risk a 401.
      if (current && Date.now() - current.lastUsedAt >= current.idleLimitMs) current = null;
      if (current) return current;
      if (pending && pending.fingerprint === fingerprint) return pending.promise;

      const promise = login(credentials, fingerprint).then(({ session }) => {
        logger.info({ origin: deps.origin }, 'Logged in to SAP Business One');
        // A login for credentials replaced meanwhile serves only the callers already waiting for it.
        if (wantedFingerprint === fingerprint) current = session;
        return session;
      });
      const entry = { fingerprint, promise };
      pending = entry;
      const clear = () => {
        if (pending === entry) pending = null;
      };
      promise.then(clear, clear);
      return promise;
    },

    /** SAP rejected this session: forget it, unless another caller has already replaced it. */
    invalidate(session: Session): void {
      if (current === session) current = null;
    },

    /** Logs the shared session out (on shutdown). */
    async close(): Promise<void> {
      const session = current;
      current = null;
      if (session) await logout(session.jar);
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;
