import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ControlError, defaultConfig, parseConfigPatch } from '../config.js';
import type { SimContext } from '../context.js';
import type { StoredDocument } from '../records.js';
import { POSTING_PERIODS } from '../seed.js';
import { emptyStats } from '../stats.js';
import { upsertAccounts, upsertBusinessPartners } from './controls-master-data.js';

/**
 * Test controls under /__sim: not part of SAP, no session needed, plain JSON in and out.
 * Errors answer `{ "error": "<sentence>" }` with status 400.
 */
type ControlHandler = (body: unknown) => unknown;

function parseBody(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new ControlError('The body is not valid JSON');
  }
}

function wrap(handler: ControlHandler) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return reply.send(handler(parseBody(request.body)));
    } catch (error) {
      if (error instanceof ControlError) return reply.code(error.status).send({ error: error.message });
      throw error;
    }
  };
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `{from, to?}` -> the defined periods in that inclusive range. */
function periodsIn(context: SimContext, body: unknown): string[] {
  const { from, to = from } = (body ?? {}) as { from?: unknown; to?: unknown };
  if (
    typeof from !== 'string' ||
    typeof to !== 'string' ||
    !PERIOD.test(from) ||
    !PERIOD.test(to) ||
    from > to
  ) {
    throw new ControlError("Give {from: 'yyyy-MM', to?: 'yyyy-MM'} with from <= to");
  }
  const periods = [...context.store.data.periods].filter((p) => p >= from && p <= to);
  if (periods.length === 0) {
    throw new ControlError(
      `No posting periods between ${from} and ${to}; they run ${POSTING_PERIODS.first}..${POSTING_PERIODS.last}`,
    );
  }
  return periods;
}

const lockedList = (context: SimContext) => ({ locked: [...context.store.data.lockedPeriods].sort() });

function readBack(document: StoredDocument): Record<string, unknown> {
  return { ...document.entity, ...document.meta };
}

export function registerControls(app: FastifyInstance, context: SimContext): void {
  app.get(
    '/__sim/health',
    wrap(() => ({ ok: true })),
  );
  app.get(
    '/__sim/config',
    wrap(() => context.config),
  );
  app.post(
    '/__sim/config',
    wrap((body) => {
      context.config = { ...context.config, ...parseConfigPatch(body) };
      return context.config;
    }),
  );
  app.post(
    '/__sim/expire-sessions',
    wrap(() => ({ expired: context.sessions.expireAll() })),
  );

  app.get(
    '/__sim/periods',
    wrap(() => ({ ...POSTING_PERIODS, ...lockedList(context) })),
  );
  app.post(
    '/__sim/periods/lock',
    wrap((body) => {
      for (const period of periodsIn(context, body)) context.store.data.lockedPeriods.add(period);
      context.store.commit();
      return lockedList(context);
    }),
  );
  app.post(
    '/__sim/periods/unlock',
    wrap((body) => {
      // An empty body unlocks everything.
      const all = typeof body === 'object' && body !== null && Object.keys(body).length === 0;
      const periods = all ? [...context.store.data.lockedPeriods] : periodsIn(context, body);
      for (const period of periods) context.store.data.lockedPeriods.delete(period);
      context.store.commit();
      return lockedList(context);
    }),
  );

  app.post(
    '/__sim/reset',
    wrap(() => {
      context.store.reset();
      context.config = defaultConfig(context.defaultSessionTimeoutSeconds);
      context.stats = emptyStats();
      return { reset: true };
    }),
  );
  app.post(
    '/__sim/accounts',
    wrap((body) => ({ accounts: upsertAccounts(context, body) })),
  );
  app.post(
    '/__sim/business-partners',
    wrap((body) => ({ businessPartners: upsertBusinessPartners(context, body) })),
  );

  app.get(
    '/__sim/documents',
    wrap(() => {
      const { documents } = context.store.data;
      return {
        journalEntries: documents.JournalEntries.map(readBack),
        invoices: documents.Invoices.map(readBack),
        purchaseInvoices: documents.PurchaseInvoices.map(readBack),
      };
    }),
  );
  app.get(
    '/__sim/stats',
    wrap(() => context.stats),
  );
}
