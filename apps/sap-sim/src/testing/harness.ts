import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createSimulator, DEFAULT_CREDENTIALS, type Simulator, type SimulatorOptions } from '../index.js';
import type { SimStats } from '../stats.js';

/** Test helpers: a real simulator on a random port, and a tiny Service Layer client over global fetch. */
export interface RunningSim {
  sim: Simulator;
  origin: string;
  v1: string;
  v2: string;
}

export async function startSim(options: SimulatorOptions = {}): Promise<RunningSim> {
  const sim = await createSimulator({ logger: false, ...options });
  const v1 = await sim.listen({ port: 0, host: '127.0.0.1' });
  return { sim, origin: new URL(v1).origin, v1, v2: v1.replace(/\/v1$/, '/v2') };
}

export interface Reply<T> {
  status: number;
  headers: Headers;
  body: T;
}

async function toReply<T>(response: Response): Promise<Reply<T>> {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as T,
  };
}

export class SlClient {
  cookie = '';

  /** `base` may be set later: useFreshSim hands out its client before the simulator listens. */
  constructor(public base: string) {}

  async login(credentials: Record<string, unknown> = loginBody()): Promise<Reply<LoginReply>> {
    const reply = await this.post<LoginReply>('Login', credentials);
    if (reply.status === 200) {
      this.cookie = reply.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }
    return reply;
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const response = await fetch(`${this.base}/${path}`, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return toReply<T>(response);
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>): Promise<Reply<T>> {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<Reply<T>> {
    return this.request<T>('POST', path, body);
  }
}

export const loginBody = () => ({
  CompanyDB: DEFAULT_CREDENTIALS.companyDb,
  UserName: DEFAULT_CREDENTIALS.username,
  Password: DEFAULT_CREDENTIALS.password,
});

export async function loggedIn(base: string): Promise<SlClient> {
  const client = new SlClient(base);
  const reply = await client.login();
  expect(reply.status).toBe(200);
  return client;
}

/** Calls a /__sim control; GET when there is no body. */
export async function control<T = Record<string, unknown>>(
  origin: string,
  path: string,
  body?: unknown,
): Promise<Reply<T>> {
  const response = await fetch(`${origin}/__sim/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return toReply<T>(response);
}

/** One simulator for a test file, reset before each test; see useFreshSim. */
export interface FreshSim {
  readonly origin: string;
  readonly v1: string;
  readonly v2: string;
  /** The same object all along; logged in afresh on v1 before each test (left logged out with `login: false`). */
  readonly client: SlClient;
  /** GET /__sim/documents: everything posted, with its read-back metadata. */
  documents(): Promise<ReadBack>;
  /** GET /__sim/stats. */
  stats(): Promise<SimStats>;
}

/**
 * Registers the hooks a file of route tests shares: starts a simulator before all tests, resets it to the seed
 * (and logs `client` in on v1) before each, stops it after all. The URLs can be read once the tests run.
 */
export function useFreshSim({ login = true }: { login?: boolean } = {}): FreshSim {
  let running: RunningSim | undefined;
  const started = (): RunningSim => {
    if (!running) throw new Error('useFreshSim: the simulator is not started yet (read it inside a test)');
    return running;
  };
  const client = new SlClient('');

  beforeAll(async () => {
    running = await startSim();
    client.base = running.v1;
  });
  afterAll(() => running?.sim.close());
  beforeEach(async () => {
    await control(started().origin, 'reset', {});
    client.cookie = '';
    if (login) expect((await client.login()).status).toBe(200);
  });

  return {
    get origin() {
      return started().origin;
    },
    get v1() {
      return started().v1;
    },
    get v2() {
      return started().v2;
    },
    client,
    documents: async () => (await control<ReadBack>(started().origin, 'documents')).body,
    stats: async () => (await control<SimStats>(started().origin, 'stats')).body,
  };
}

export interface LoginReply {
  'odata.metadata'?: string;
  '@odata.context'?: string;
  SessionId: string;
  Version: string;
  SessionTimeout: number;
}

export interface SapErrorBody {
  error: { code: number | string; message: string | { lang: string; value: string } };
}

export interface Collection<T> {
  value: T[];
  'odata.nextLink'?: string;
  '@odata.nextLink'?: string;
}

export interface JournalLineView {
  Line_ID: number;
  AccountCode: string;
  ShortName: string;
  Debit: number;
  Credit: number;
  LineMemo: string | null;
}

export interface JournalEntryView {
  JdtNum: number;
  Number: number;
  ReferenceDate: string;
  Memo: string | null;
  Reference2: string | null;
  Reference3: string | null;
  JournalEntryLines: JournalLineView[];
}

export interface DocumentView {
  DocEntry: number;
  DocNum: number;
  DocTotal: number;
  TransNum: number;
  CardCode: string;
  CardName: string;
  DocDate: string;
  DocDueDate: string;
  TaxDate: string;
  NumAtCard: string | null;
  Comments: string | null;
  Reference1: string;
  Reference2: string | null;
  Cancelled: string;
  CancelStatus: string;
  DocumentStatus: string;
  DocumentLines: Array<{
    LineNum: number;
    AccountCode: string;
    Quantity: number;
    Price: number;
    LineTotal: number;
  }>;
}

/** What /__sim/documents adds to each entity. */
export interface ReadBackMeta {
  postedAt: string;
  cancelled: boolean;
  cancelledAt?: string;
  reversalOf?: number;
  reversedBy?: number;
}

export interface ReadBack {
  journalEntries: Array<JournalEntryView & ReadBackMeta>;
  invoices: Array<DocumentView & ReadBackMeta>;
  purchaseInvoices: Array<DocumentView & ReadBackMeta>;
}

/** Asserts SAP's error shape for the path version (or a forced shape), with status, code and text. */
export function expectSapError(
  reply: Reply<unknown>,
  expected: { status: number; code: number; message: string | RegExp },
  shape: 'v1' | 'v2' | 'plain' = 'v1',
): void {
  expect(reply.status).toBe(expected.status);
  const body = reply.body as SapErrorBody;
  if (shape === 'v1') {
    expect(body.error.code).toBe(expected.code);
    const message = body.error.message as { lang: string; value: string };
    expect(message.lang).toBe('en-us');
    expect(message.value).toMatch(expected.message);
  } else {
    expect(body.error.code).toBe(shape === 'v2' ? String(expected.code) : expected.code);
    expect(typeof body.error.message).toBe('string');
    expect(body.error.message).toMatch(expected.message);
  }
}

/** A body maker: a fresh copy of `base` each call, with `overrides` set over it. */
const bodyOf =
  (base: Record<string, unknown>) =>
  (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    ...structuredClone(base),
    ...overrides,
  });

/** A balanced journal that posts on the seed: transport cost against accrued transporter costs. */
export const journalBody = bodyOf({
  ReferenceDate: '2026-03-10',
  Memo: 'First journal FF-TI-1',
  Reference2: 'INV-7781',
  Reference3: 'FF-TJ1-1',
  JournalEntryLines: [
    { AccountCode: '500100', Debit: 125000.5, Credit: 0 },
    { AccountCode: '210200', Debit: 0, Credit: 125000.5 },
  ],
});

export const invoiceBody = bodyOf({
  CardCode: 'C10001',
  DocDate: '2026-03-10',
  DocType: 'dDocument_Service',
  Reference2: 'FF-SI-1',
  DocumentLines: [{ ItemDescription: 'Freight Mombasa-Nairobi', AccountCode: '400100', LineTotal: 185000 }],
});
