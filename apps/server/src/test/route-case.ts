import type { PermissionName } from '@ff/contract';
import type { PostingHarness } from './posting-harness.js';

/**
 * One request per declared route that a caller allowed to make it may send, and the status it then answers.
 * The security suites (security-matrix, security-fuzz, security-headers) are generated from the app's route
 * catalogue and look each route up here: a new route without a case fails them until it gets one.
 */
export type ValidRequest = {
  /** The concrete path (parameters filled in). */
  url: string;
  body?: unknown;
  query?: Record<string, string>;
  status: number;
};

export type CaseContext = {
  h: PostingHarness;
  /** A live API token for the machine routes. */
  apiToken: string;
};

export type RouteCase = {
  /** A fresh request (its own records, users, tokens) the route accepts from an allowed caller. */
  valid(ctx: CaseContext): Promise<ValidRequest>;
  /** A public route's answer to an anonymous caller, when it differs from the valid status. */
  anonymousStatus?: number;
  /** The call ends or replaces the caller's session (sign-in, sign-out): send it from a client of its own. */
  ownsSession?: boolean;
  /**
   * Every unsafe user and role route: the request acting on a target holding `permissions` (the role granted,
   * the user or role toggled, the role created), with the status it answers a caller who holds them all. A
   * caller lacking one of them gets 403 (no privilege escalation); security-matrix requires this case.
   */
  escalation?(ctx: CaseContext, permissions: PermissionName[]): Promise<ValidRequest>;
  /**
   * The request acts on one record or posting (by id) of a kind: a caller also needs that kind's View permission,
   * and without it gets 404, the answer of an id that does not exist (security-matrix tries it).
   */
  viewedWith?: PermissionName;
};
