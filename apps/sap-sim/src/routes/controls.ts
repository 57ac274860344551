import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ControlError, defaultConfig, parseConfigPatch } from '../config.js';
import type { SimContext } from '../context.js';
import { setPeriodStatus, type PeriodStatus } from '../periods.js';
import { POSTING_PERIODS } from '../seed.js';
import { emptyStats } from '../stats.js';
import {
  alterDocument,
  cancelDocument,
  deleteDocuments,
  duplicateDocument,
  readBack,
} from './controls-documents.js';
import {
  setCompany,
  setRates,
  upsertBusinessPlaces,
  upsertCurrencies,
  upsertDistributionRules,
  upsertVatGroups,
} from './controls-finance.js';
import { upsertAccounts, upsertBusinessPartners } from './controls-master-data.js';
import { adminInfo } from './functions.js';

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

/** `{locked, closed}`: the periods not open, each list sorted. */
const periodLists = (context: SimContext) => ({
  locked: [...context.store.data.lockedPeriods].sort(),
  closed: [...context.store.data.closedPeriods].sort(),
});

function setStatus(context: SimContext, periods: string[], status: PeriodStatus) {
  for (const period of periods) setPeriodStatus(context.store.data, period, status);
  context.store.commit();
  return periodLists(context);
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
    wrap(() => ({ ...POSTING_PERIODS, ...periodLists(context) })),
  );
  app.post(
    '/__sim/periods/lock',
    wrap((body) => setStatus(context, periodsIn(context, body), 'ltLocked')),
  );
  app.post(
    '/__sim/periods/close',
    wrap((body) => setStatus(context, periodsIn(context, body), 'ltPeriodClosing')),
  );
  app.post(
    '/__sim/periods/unlock',
    wrap((body) => {
      // An empty body reopens every locked and closing period.
      const all = typeof body === 'object' && body !== null && Object.keys(body).length === 0;
      const { lockedPeriods, closedPeriods } = context.store.data;
      const periods = all ? [...lockedPeriods, ...closedPeriods] : periodsIn(context, body);
      return setStatus(context, periods, 'ltUnlocked');
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

  // Finance set-up (controls-finance.ts): each answers what it saved.
  app.get(
    '/__sim/company',
    wrap(() => adminInfo(context)),
  );
  const financeControls = {
    company: (body: unknown) => setCompany(context, body),
    currencies: (body: unknown) => ({ currencies: upsertCurrencies(context, body) }),
    rates: (body: unknown) => ({ rates: setRates(context, body) }),
    'vat-groups': (body: unknown) => ({ vatGroups: upsertVatGroups(context, body) }),
    'distribution-rules': (body: unknown) => ({ distributionRules: upsertDistributionRules(context, body) }),
    'business-places': (body: unknown) => ({ businessPlaces: upsertBusinessPlaces(context, body) }),
  };
  for (const [path, control] of Object.entries(financeControls)) app.post(`/__sim/${path}`, wrap(control));

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
  // POST /__sim/documents/delete, /cancel, /duplicate and /alter (controls-documents.ts).
  const documentControls = {
    delete: deleteDocuments,
    cancel: cancelDocument,
    duplicate: duplicateDocument,
    alter: alterDocument,
  };
  for (const [action, control] of Object.entries(documentControls))
    app.post(
      `/__sim/documents/${action}`,
      wrap((body) => control(context, body)),
    );
  app.get(
    '/__sim/stats',
    wrap(() => context.stats),
  );
}
