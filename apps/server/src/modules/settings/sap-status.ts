import type { SapConnectionState, SapStatus } from '@ff/contract';
import { isSapError, type SapError } from '../../erp/sap-error.js';
import type { ServiceLayerClient } from '../../erp/service-layer-client.js';
import { singleFlight } from '../../lib/single-flight.js';
import { formatDateTime } from '../../lib/time.js';

/** How long one check answers every reader: the dashboard of every user asks, SAP is asked once a minute. */
export const SAP_STATUS_TTL_MS = 60_000;
/** A status check must not hold the dashboard's badge for SAP's full call timeout. */
const CHECK_TIMEOUT_MS = 10_000;

export const SAP_STATUS_MESSAGES = {
  connected: 'SAP Business One accepted the login; postings can be sent.',
} as const;

/** A failure's state and words; an answer about data (not the connection) still proves SAP is usable. */
function describe(error: SapError): { state: SapConnectionState; message: string } {
  const problem = error.connectionProblem;
  return problem
    ? { state: problem, message: error.userMessage }
    : { state: 'connected', message: SAP_STATUS_MESSAGES.connected };
}

/**
 * The SAP connection status: one small read through the shared session (so it proves the stored user and
 * password and the network together, and logs in again when SAP rejects the session), kept for a minute,
 * one check at a time however many users ask.
 */
export function createSapStatus(deps: {
  sap: ServiceLayerClient;
  timeZone: string;
  ttlMs?: number;
  now?: () => Date;
}) {
  const ttlMs = deps.ttlMs ?? SAP_STATUS_TTL_MS;
  const now = deps.now ?? (() => new Date());
  let cached: { value: SapStatus; until: number } | null = null;
  let generation = 0;

  async function check(): Promise<SapStatus> {
    let found: { state: SapConnectionState; message: string };
    try {
      await deps.sap.get('ChartOfAccounts', { $top: 1, $select: 'Code' }, { timeoutMs: CHECK_TIMEOUT_MS });
      found = { state: 'connected', message: SAP_STATUS_MESSAGES.connected };
    } catch (error) {
      if (!isSapError(error)) throw error;
      found = describe(error);
    }
    return { ...found, checkedAt: formatDateTime(now(), deps.timeZone) };
  }

  const checking = singleFlight(() => {
    const startedIn = generation;
    return check().then((value) => {
      if (startedIn === generation) cached = { value, until: Date.now() + ttlMs };
      return value;
    });
  });

  return {
    /** The last check while it is fresh, else a new one; `refresh` always asks SAP (joining a running check). */
    async read(options: { refresh?: boolean } = {}): Promise<SapStatus> {
      if (!options.refresh && cached && Date.now() < cached.until) return cached.value;
      return checking.run();
    },

    /** The stored connection changed: the next reader gets a new check. */
    forget(): void {
      generation += 1;
      cached = null;
      checking.forget();
    },
  };
}

export type SapStatusService = ReturnType<typeof createSapStatus>;
