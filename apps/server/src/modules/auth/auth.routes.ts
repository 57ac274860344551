import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  currentUser,
  forgotPasswordBody,
  loginBody,
  loginTwoFactorAnswer,
  messageBody,
  noContent,
  resetPasswordBody,
  statusBody,
  twoFactorChallengeBody,
  validationErrorBody,
} from '@ff/contract';
import { currentUserOf } from '../../plugins/access.js';
import { clearSessionCookies, setSessionCookies } from '../../plugins/session.js';
import type { AuthService } from './auth.service.js';

const client = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
const noReferrer = { 'referrer-policy': 'no-referrer' };

/** The Sanctum-style sign-in calls at the site root (docs/design/auth-contract.md). */
export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, cookieMaxAgeSeconds: number) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicAccess = { access: { auth: 'public' as const } };

  const cookiesSet = noContent.describe('Done: the session cookie and the XSRF-TOKEN cookie are set.');

  r.get(
    '/sanctum/csrf-cookie',
    { config: publicAccess, schema: { response: { 204: cookiesSet } } },
    async (request, reply) => {
      const issued = auth.csrfCookie(request.session, request.anonymousNonce);
      setSessionCookies(reply, request, issued, cookieMaxAgeSeconds);
      return reply.code(204).send();
    },
  );

  const refused = validationErrorBody.describe(
    'Refused under `email`: the credentials do not match, the account or its role is disabled, or too many attempts.',
  );
  const codeNeeded = loginTwoFactorAnswer.describe(
    'The password is right and the account uses two-factor sign-in: not signed in yet. The cookies hold a pending sign-in (5 minutes); send the code to POST /two-factor-challenge.',
  );
  r.post(
    '/login',
    {
      config: publicAccess,
      schema: { body: loginBody, response: { 200: codeNeeded, 204: cookiesSet, 422: refused } },
    },
    async (request, reply) => {
      const { twoFactor, ...issued } = await auth.login(request.body, request.session, client(request));
      setSessionCookies(reply, request, issued, cookieMaxAgeSeconds);
      if (twoFactor) return reply.code(200).send({ twoFactor: true });
      return reply.code(204).send();
    },
  );

  const badCode = validationErrorBody.describe(
    'Refused under `code` (or `recoveryCode`): the code is wrong or was used, too many attempts, or no sign-in is waiting for a code (it expired).',
  );
  r.post(
    '/two-factor-challenge',
    {
      config: publicAccess,
      schema: {
        body: twoFactorChallengeBody,
        response: { 204: cookiesSet.describe('Signed in: the session is rotated.'), 422: badCode },
      },
    },
    async (request, reply) => {
      const issued = await auth.twoFactorChallenge(request.body, request.session, client(request));
      setSessionCookies(reply, request, issued, cookieMaxAgeSeconds);
      return reply.code(204).send();
    },
  );

  const notSignedIn = messageBody.describe('Not signed in.');
  r.post(
    '/logout',
    { config: publicAccess, schema: { response: { 204: cookiesSet, 401: notSignedIn } } },
    async (request, reply) => {
      if (!request.session?.user) return reply.code(401).send({ message: AUTH_MESSAGES.unauthenticated });
      const issued = await auth.logout(request.session, client(request));
      clearSessionCookies(reply);
      setSessionCookies(reply, request, issued, cookieMaxAgeSeconds);
      return reply.code(204).send();
    },
  );

  const linkSent = statusBody.describe('The same answer whether or not the email belongs to an account.');
  r.post(
    '/forgot-password',
    { config: publicAccess, schema: { body: forgotPasswordBody, response: { 200: linkSent } } },
    async (request, reply) => {
      await auth.forgotPassword(request.body.email, client(request));
      return reply.headers(noReferrer).send({ status: AUTH_MESSAGES.resetLinkSent });
    },
  );

  const badLink = validationErrorBody.describe(
    'Refused: the password breaks a rule, or the link is invalid or used.',
  );
  const resetSchema = { body: resetPasswordBody, response: { 200: statusBody, 422: badLink } };
  r.post('/reset-password', { config: publicAccess, schema: resetSchema }, async (request, reply) => {
    const { invitation } = await auth.resetPassword(request.body, client(request));
    return reply
      .headers(noReferrer)
      .send({ status: invitation ? AUTH_MESSAGES.passwordSet : AUTH_MESSAGES.passwordReset });
  });

  r.get(
    '/user',
    { config: { access: { auth: 'user', permission: null } }, schema: { response: { 200: currentUser } } },
    async (request) => auth.currentUser(currentUserOf(request)),
  );
}
