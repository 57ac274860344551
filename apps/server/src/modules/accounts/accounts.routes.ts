import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountsQuery,
  ledgerAccountList,
  ledgerAccountsSapCheck,
  messageBody,
  PERMISSIONS,
  RECORD_KIND_NAMES,
  RECORD_KINDS_PLAIN,
  type PermissionName,
} from '@ff/contract';
import type { AccountsService } from './accounts.service.js';

/**
 * Whoever may see or post a kind whose post body names a ledger account (cash, fuel, VAS: the registry's
 * `ledgerId` fields) needs the ledger accounts for its selects.
 */
const ACCOUNT_READERS: PermissionName[] = RECORD_KIND_NAMES.flatMap((name) => {
  const { post, permissions } = RECORD_KINDS_PLAIN[name];
  return Object.values(post.fields).includes('ledgerId') ? [permissions.view, permissions.post] : [];
});

export function registerAccountRoutes(app: FastifyInstance, service: AccountsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/accounts',
    {
      config: { access: { auth: 'user', permission: ACCOUNT_READERS } },
      schema: { querystring: accountsQuery, response: { 200: ledgerAccountList } },
    },
    async (request) => ({ data: await service.list(request.query) }),
  );

  r.get(
    '/api/v1/accounts/sapCheck',
    {
      config: { access: { auth: 'user', permission: PERMISSIONS.manageSettings } },
      schema: {
        response: {
          200: ledgerAccountsSapCheck,
          502: messageBody.describe('SAP Business One could not be asked.'),
        },
      },
    },
    async () => service.sapCheck(),
  );
}
