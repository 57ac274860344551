import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountProfile,
  accountSessionList,
  changePasswordBody,
  confirmTwoFactorBody,
  messageBody,
  MY_ACCOUNT_MESSAGES,
  noContent,
  passwordOnlyBody,
  recoveryCodesAnswer,
  sessionIdParam,
  signedOutOthers,
  statusBody,
  twoFactorEnrolment,
  updateAccountBody,
  validationErrorBody,
} from '@ff/contract';
import { currentUserOf } from '../../plugins/access.js';
import { setSessionCookies } from '../../plugins/session.js';
import type { AccountCaller, MyAccountService } from './my-account.service.js';

const callerOf = (request: FastifyRequest): AccountCaller => ({
  user: currentUserOf(request),
  session: request.session!,
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/**
 * My Account (`/api/v1/account...`): every signed-in user, for their own account only. These are the routes a
 * user whose role requires two-factor sign-in may still call before setting it up (plugins/access.ts).
 */
export function registerMyAccountRoutes(app: FastifyInstance, service: MyAccountService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { auth: 'user' as const, permission: null } };
  const refused = (why: string) => validationErrorBody.describe(why);

  r.get('/api/v1/account', { config, schema: { response: { 200: accountProfile } } }, (request) =>
    service.profile(currentUserOf(request)),
  );

  r.patch(
    '/api/v1/account',
    { config, schema: { body: updateAccountBody, response: { 200: accountProfile } } },
    (request) => service.updateProfile(callerOf(request), request.body),
  );

  r.put(
    '/api/v1/account/password',
    {
      config,
      schema: {
        body: changePasswordBody,
        response: {
          200: statusBody.describe('Changed; every other session of the user has ended, this one is kept.'),
          422: refused(
            'Refused: the current password is wrong (`currentPassword`, also after too many attempts), or the new one breaks a rule (`password`).',
          ),
        },
      },
    },
    async (request) => {
      await service.changePassword(callerOf(request), request.body);
      return { status: MY_ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  r.get(
    '/api/v1/account/sessions',
    { config, schema: { response: { 200: accountSessionList } } },
    async (request) => ({ data: await service.listSessions(callerOf(request)) }),
  );

  r.delete(
    '/api/v1/account/sessions/:id',
    {
      config,
      schema: {
        params: sessionIdParam,
        response: {
          204: noContent.describe('The session has ended.'),
          404: messageBody.describe('No live session of yours has this id.'),
          422: refused('Refused under `id`: this is the session of the request (use POST /logout).'),
        },
      },
    },
    async (request, reply) => {
      await service.endSession(callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/v1/account/sessions/sign-out-others',
    { config, schema: { response: { 200: signedOutOthers } } },
    (request) => service.signOutOthers(callerOf(request)),
  );

  r.post(
    '/api/v1/account/two-factor',
    {
      config,
      schema: {
        response: {
          200: twoFactorEnrolment.describe('A new secret, active once a code from it is confirmed.'),
          422: refused('Refused under `twoFactor`: two-factor sign-in is already on.'),
        },
      },
    },
    (request) => service.startTwoFactor(callerOf(request)),
  );

  r.post(
    '/api/v1/account/two-factor/confirm',
    {
      config,
      schema: {
        body: confirmTwoFactorBody,
        response: {
          200: recoveryCodesAnswer.describe(
            'Two-factor sign-in is on; the recovery codes are shown only now. The session is re-issued (new session and XSRF-TOKEN cookies) and every other session of the user has ended.',
          ),
          422: refused(
            'Refused under `code`: the code is wrong, or no set-up is waiting; or under `password`: two-factor is required of the user and the password is missing or wrong.',
          ),
        },
      },
    },
    async (request, reply) => {
      const { recoveryCodes, session } = await service.confirmTwoFactor(callerOf(request), request.body);
      setSessionCookies(reply, request, session, session.maxAgeSeconds);
      return { recoveryCodes };
    },
  );

  r.delete(
    '/api/v1/account/two-factor',
    {
      config,
      schema: {
        body: passwordOnlyBody,
        response: {
          204: noContent.describe('Two-factor sign-in is off.'),
          422: refused(
            'Refused: the password is wrong (`password`), or two-factor is off or required by the role (`twoFactor`).',
          ),
        },
      },
    },
    async (request, reply) => {
      await service.disableTwoFactor(callerOf(request), request.body.password);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/v1/account/two-factor/recovery-codes',
    {
      config,
      schema: {
        body: passwordOnlyBody,
        response: {
          200: recoveryCodesAnswer.describe('New recovery codes; the old ones no longer work.'),
          422: refused('Refused: the password is wrong (`password`), or two-factor is off (`twoFactor`).'),
        },
      },
    },
    (request) => service.regenerateRecoveryCodes(callerOf(request), request.body.password),
  );
}
