import type { ApiVersion } from '../odata/format.js';
import type { ResourcePath } from '../odata/path.js';

/** A Service Layer call as the handlers see it, independent of Fastify. */
export interface SlRequest {
  version: ApiVersion;
  /** `http://host:port/b1s/v1`, for odata.metadata / @odata.context and Location. */
  root: string;
  method: string;
  path: ResourcePath;
  search: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text (Service Layer bodies are parsed by the handlers, to answer SAP-shaped errors). */
  body: string;
}

export interface SlReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string | string[]>;
  /** A write was committed: the reply is a candidate for dropReplyRate. */
  committedWrite?: boolean;
}
