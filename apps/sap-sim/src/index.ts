import type { FastifyInstance } from 'fastify';
import { DEFAULT_SESSION_TIMEOUT_SECONDS } from './config.js';
import { createContext } from './context.js';
import { DEFAULT_CREDENTIALS } from './seed.js';
import { buildApp } from './server.js';
import { SimStore } from './state.js';

export interface SimulatorOptions {
  /** Defaults: env SIM_COMPANY_DB / SIM_USERNAME / SIM_PASSWORD, else SBODEMO_KE / manager / B1Admin!. */
  companyDb?: string;
  username?: string;
  password?: string;
  /** JSON file the state is loaded from (when present) and written to after every change. */
  stateFile?: string;
  /** Seed the demo chart of accounts and partners when there is no state file (default true). */
  seed?: boolean;
  logger?: boolean;
  /** Idle timeout of a session (default 1800 s); POST /__sim/config can change it later. */
  sessionTimeoutSeconds?: number;
}

export interface Simulator {
  app: FastifyInstance;
  /** Starts listening; resolves to the v1 base URL, e.g. `http://127.0.0.1:50000/b1s/v1`. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
  /** The v1 base URL once listening. */
  readonly url: string | undefined;
}

export const DEFAULT_PORT = 50000;
export const DEFAULT_HOST = '127.0.0.1';

export async function createSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const credentials = {
    companyDb: options.companyDb ?? process.env.SIM_COMPANY_DB ?? DEFAULT_CREDENTIALS.companyDb,
    username: options.username ?? process.env.SIM_USERNAME ?? DEFAULT_CREDENTIALS.username,
    password: options.password ?? process.env.SIM_PASSWORD ?? DEFAULT_CREDENTIALS.password,
  };
  const store = new SimStore({ stateFile: options.stateFile, seed: options.seed ?? true });
  const context = createContext(
    store,
    credentials,
    options.sessionTimeoutSeconds ?? DEFAULT_SESSION_TIMEOUT_SECONDS,
  );
  const app = buildApp(context, { logger: options.logger ?? false });
  let url: string | undefined;

  return {
    app,
    get url() {
      return url;
    },
    async listen({ port = DEFAULT_PORT, host = DEFAULT_HOST } = {}) {
      await app.listen({ port, host });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      url = `http://${shownHost}:${actualPort}/b1s/v1`;
      return url;
    },
    async close() {
      await app.close();
      url = undefined;
    },
  };
}

export { DEFAULT_PAGE_SIZE } from './odata/query.js';
export {
  COMPANY_DB,
  CUSTOMER_CONTROL_ACCOUNT,
  DEFAULT_CREDENTIALS,
  POSTING_PERIODS,
  SEED_ACCOUNTS,
  SEED_BUSINESS_PARTNERS,
  SEED_CUSTOMERS,
  SEED_SUPPLIERS,
  SEED_TRANSPORTERS,
  SUPPLIER_CONTROL_ACCOUNT,
  seedAccounts,
  seedBusinessPartners,
  seedPostingPeriods,
} from './seed.js';
export type { Account, BusinessPartner } from './records.js';
export { postServiceLayerDocument, type ServiceLayerReply } from './post-document.js';
