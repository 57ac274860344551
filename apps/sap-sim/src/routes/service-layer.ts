import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickLatency } from '../config.js';
import type { SimContext } from '../context.js';
import { BOUND_ACTIONS } from '../entities.js';
import { errorBody, SapError, sapError } from '../errors.js';
import { CONTENT_TYPE, type ApiVersion } from '../odata/format.js';
import { bump } from '../stats.js';
import { parseResourcePath, resourceName } from '../odata/path.js';
import type { DocumentSetName } from '../records.js';
import { readCollection, readEntity } from './reads.js';
import { countRequest, login, logout, requireSession } from './session.js';
import type { SlReply, SlRequest } from './types.js';
import { cancel } from './cancel.js';
import { callFunction } from './functions.js';
import { createDocument, createJournalEntry } from './writes.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isDocumentSet = (name: string): name is DocumentSetName =>
  name === 'JournalEntries' || name === 'Invoices' || name === 'PurchaseInvoices';

function notAllowed(method: string, resource: string): SapError {
  return sapError('methodNotAllowed', { method, resource });
}

/** Routes one authenticated call to its handler by resource kind and method. */
function dispatch(context: SimContext, request: SlRequest): SlReply {
  const { path, method } = request;
  if (path.kind === 'login' || path.kind === 'logout') throw notAllowed(method, path.kind);
  if (path.kind === 'function') {
    if (method !== 'POST') throw notAllowed(method, path.name);
    return callFunction(context, request, path.name);
  }
  const { entitySet } = path;
  if (path.kind === 'collection') {
    if (method === 'GET') return readCollection(context, request, entitySet);
    if (method !== 'POST') throw notAllowed(method, entitySet);
    if (entitySet === 'JournalEntries') return createJournalEntry(context, request);
    if (entitySet === 'Invoices' || entitySet === 'PurchaseInvoices')
      return createDocument(context, request, entitySet);
    throw notAllowed(method, entitySet);
  }
  const resource = `${entitySet}(${String(path.key)})`;
  if (path.action === undefined) {
    if (method === 'GET') return readEntity(context, request, entitySet, path.key);
    throw notAllowed(method, resource);
  }
  if (!isDocumentSet(entitySet) || !BOUND_ACTIONS[entitySet].includes(path.action)) {
    throw sapError('unknownResource', { segment: path.action });
  }
  if (method !== 'POST') throw notAllowed(method, `${resource}/${path.action}`);
  return cancel(context, entitySet, path.key);
}

/**
 * The pipeline every /b1s call goes through: count, delay, maybe fail before doing anything (errorRate),
 * Login/Logout or session check, handle, then maybe commit and drop the reply (dropReplyRate).
 */
async function handle(
  context: SimContext,
  version: ApiVersion,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const url = request.url;
  const queryAt = url.indexOf('?');
  const pathPart = queryAt < 0 ? url : url.slice(0, queryAt);
  const rawPath = pathPart.slice(`/b1s/${version}/`.length);
  countRequest(context, resourceName(rawPath));
  const shape = () => context.config.forceErrorShape ?? version;
  try {
    const write = request.method === 'POST' || request.method === 'PATCH';
    const parsed = parseResourcePath(rawPath);
    const documentWrite = write && parsed.kind !== 'login' && parsed.kind !== 'logout';
    if (documentWrite) bump(context.stats.writes, resourceName(rawPath));
    const latency =
      pickLatency(context.config.latencyMs, context.random) +
      (documentWrite ? context.config.writeLatencyMs : 0);
    if (latency > 0) await sleep(latency);
    if (context.config.errorRate > 0 && context.random() < context.config.errorRate) {
      context.stats.injectedErrors++;
      return send(reply, version, { status: 500, body: errorBody(sapError('injected'), shape()) });
    }
    const slRequest: SlRequest = {
      version,
      root: `${request.protocol}://${request.host}/b1s/${version}`,
      method: request.method,
      path: parsed,
      search: queryAt < 0 ? '' : url.slice(queryAt + 1),
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
    };
    const { path } = slRequest;
    let result: SlReply;
    if (path.kind === 'login' && request.method === 'POST') result = login(context, slRequest);
    else if (path.kind === 'logout' && request.method === 'POST') result = logout(context, slRequest);
    else {
      if (path.kind !== 'login' && path.kind !== 'logout') requireSession(context, slRequest);
      result = dispatch(context, slRequest);
    }
    const dropRate = context.config.dropReplyRate;
    if (result.committedWrite && write && dropRate > 0 && context.random() < dropRate) {
      context.stats.droppedReplies++;
      reply.hijack();
      reply.raw.destroy();
      return reply;
    }
    return send(reply, version, result);
  } catch (error) {
    const sapFailure =
      error instanceof SapError
        ? error
        : sapError('internal', { detail: error instanceof Error ? error.message : String(error) });
    if (!(error instanceof SapError)) request.log.error({ err: error }, 'SAP simulator handler failed');
    context.stats.rejected++;
    return send(reply, version, { status: sapFailure.status, body: errorBody(sapFailure, shape()) });
  }
}

function send(reply: FastifyReply, version: ApiVersion, result: SlReply): FastifyReply {
  reply.code(result.status);
  for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, value);
  if (result.body === undefined) return reply.send();
  return reply.header('content-type', CONTENT_TYPE[version]).send(JSON.stringify(result.body));
}

export function registerServiceLayer(app: FastifyInstance, context: SimContext): void {
  for (const version of ['v1', 'v2'] as const) {
    app.all(`/b1s/${version}/*`, (request, reply) => handle(context, version, request, reply));
  }
}

/** 404 for anything outside the routes, in SAP's shape (v2 under /b1s/v2, else v1). */
export function serviceLayerNotFound(context: SimContext, url: string, reply: FastifyReply): FastifyReply {
  const version: ApiVersion = url.startsWith('/b1s/v2') ? 'v2' : 'v1';
  const segment = url.split('?')[0] ?? url;
  const error = sapError('unknownResource', { segment });
  context.stats.rejected++;
  return send(reply, version, {
    status: error.status,
    body: errorBody(error, context.config.forceErrorShape ?? version),
  });
}
