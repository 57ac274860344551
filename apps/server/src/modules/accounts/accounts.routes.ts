import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsQuery, PERMISSIONS } from '@ff/contract';
import type { AccountsService } from './accounts.service.js';

/** Whoever may see or post cash, fuel or VAS records needs the ledger accounts for its selects. */
const ACCOUNT_READERS = [
  PERMISSIONS.viewCashAdvances,
  PERMISSIONS.postCashAdvances,
  PERMISSIONS.viewFuelAdvances,
  PERMISSIONS.postFuelAdvances,
  PERMISSIONS.viewVasTransactions,
  PERMISSIONS.postVasTransactions,
] as const;

export function registerAccountRoutes(app: FastifyInstance, service: AccountsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/accounts',
    { config: { access: { auth: 'user', permission: ACCOUNT_READERS } }, schema: { querystring: accountsQuery } },
    async (request) => ({ data: await service.list(request.query) }),
  );

  r.get('/api/v1/accounts/sapCheck', { config: { access: { auth: 'user', permission: PERMISSIONS.manageSettings } } }, async () =>
    service.sapCheck(),
  );
}
