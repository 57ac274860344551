import type { Dispatcher } from 'undici';
import type { SapErrorKind } from './sap-error.js';
import type { CredentialsProvider, SapLogger } from './sap-session.js';

/**
 * How the Service Layer client (service-layer-client.ts) is set up; below it, the options of one call and what
 * the client reports of its work.
 */
export type ServiceLayerClientOptions = {
  /** `https://sap-host:50000/b1s/v1`; undefined makes every call fail as `unavailable` (not configured). */
  baseUrl: string | undefined;
  credentials: CredentialsProvider;
  /** Per HTTP exchange (SAP_TIMEOUT_MS); default 30 s. */
  timeoutMs?: number;
  /** SAP_CA_FILE: a PEM file with the company CA, trusted in addition to the public roots. */
  caFile?: string | undefined;
  /** Page size asked for by getAll (`Prefer: odata.maxpagesize`); default 100. */
  pageSize?: number;
  logger?: SapLogger;
  /** Told of every exchange and every failed call (services.ts: the process's metrics, lib/metrics.ts). */
  observer?: SapCallObserver | undefined;
  /** Tests only: another connection pool. */
  dispatcher?: Dispatcher;
};

export type CallOptions = { timeoutMs?: number; signal?: AbortSignal };

/**
 * What the client reports of its work. `operation` is the method and resource with any document key replaced
 * (`POST JournalEntries(:key)/Cancel`), so it names a kind of call, never one document.
 */
export type SapCallObserver = {
  /** One HTTP exchange with the Service Layer (Login and Logout included) and how long it took. */
  sapExchange(operation: string, seconds: number): void;
  /**
   * A call that failed, as its caller saw it (after the one re-login or network retry). Settings' Test
   * Connection is not reported: a wrong password typed there says nothing about the app's connection.
   */
  sapFailure(operation: string, kind: SapErrorKind): void;
};
