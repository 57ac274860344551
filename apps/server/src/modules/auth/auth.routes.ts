import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, forgotPasswordBody, loginBody, resetPasswordBody } from '@ff/contract';
import { clearSessionCookies, currentUserOf, setSessionCookies } from '../../plugins/access.js';
import type { AuthService } from './auth.service.js';

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
const noReferrer = { 'referrer-policy': 'no-referrer' };

/** The Sanctum-style sign-in calls at the site root (auth-contract.md). */
export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, cookieMaxAgeSeconds: number) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicAccess = { access: { auth: 'public' as const } };

  r.get('/sanctum/csrf-cookie', { config: publicAccess }, async (request, reply) => {
    const issued = auth.csrfCookie(request.session, request.anonymousNonce);
    setSessionCookies(reply, request, issued, cookieMaxAgeSeconds);
    return reply.code(204).send();
  });

  r.post('/login', { config: publicAccess, schema: { body: loginBody } }, async (request, reply) => {
    const issued = await auth.login(request.body, request.session, client(request));
    setSessionCookies(reply, request, issued, cookieMaxAgeSeconds);
    return reply.code(204).send();
  });

  r.post('/logout', { config: publicAccess }, async (request, reply) => {
    if (!request.session?.user) return reply.code(401).send({ message: AUTH_MESSAGES.unauthenticated });
    const issued = await auth.logout(request.session, client(request));
    clearSessionCookies(reply);
    setSessionCookies(reply, request, issued, cookieMaxAgeSeconds);
    return reply.code(204).send();
  });

  r.post('/forgot-password', { config: publicAccess, schema: { body: forgotPasswordBody } }, async (request, reply) => {
    await auth.forgotPassword(request.body.email, client(request));
    return reply.headers(noReferrer).send({ status: AUTH_MESSAGES.resetLinkSent });
  });

  r.post('/reset-password', { config: publicAccess, schema: { body: resetPasswordBody } }, async (request, reply) => {
    await auth.resetPassword(request.body, client(request));
    return reply.headers(noReferrer).send({ status: AUTH_MESSAGES.passwordReset });
  });

  r.get('/user', { config: { access: { auth: 'user', permission: null } } }, async (request) =>
    auth.currentUser(currentUserOf(request)),
  );
}
