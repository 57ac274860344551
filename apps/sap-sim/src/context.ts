import { defaultConfig, type SimConfig } from './config.js';
import { todayUtc } from './dates.js';
import { SessionStore } from './sessions.js';
import type { SimStore } from './state.js';
import { emptyStats, type SimStats } from './stats.js';

export interface Credentials {
  companyDb: string;
  username: string;
  password: string;
}

/** Everything a route needs; one per simulator instance, so several can run in one process (tests do). */
export interface SimContext {
  readonly store: SimStore;
  readonly sessions: SessionStore;
  readonly credentials: Credentials;
  readonly defaultSessionTimeoutSeconds: number;
  config: SimConfig;
  stats: SimStats;
  random: () => number;
  /** Posting date used when a body names none: the UTC date (SAP uses its server's local date). */
  today: () => string;
}

export function createContext(
  store: SimStore,
  credentials: Credentials,
  sessionTimeoutSeconds: number,
): SimContext {
  const context: SimContext = {
    store,
    credentials,
    defaultSessionTimeoutSeconds: sessionTimeoutSeconds,
    config: defaultConfig(sessionTimeoutSeconds),
    stats: emptyStats(),
    random: Math.random,
    today: () => todayUtc(),
    sessions: new SessionStore(() => context.config.sessionTimeoutSeconds * 1000),
  };
  return context;
}
