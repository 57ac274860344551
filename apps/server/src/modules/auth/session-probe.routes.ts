import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '@ff/contract';
import { sessionMustEnd, type SessionStore } from '../../plugins/session.js';
import type { AuthService } from './auth.service.js';

/**
 * `GET /api/v1/session`: whether this browser is signed in, always 200, with the server's time zone (the SPA
 * reads the server's date-times in it). The SPA asks it on start-up instead
 * of `GET /user`, whose 401 for a signed-out visitor every browser logs as a failed request. `GET /user`
 * itself stays as the spec gives it, for API clients.
 */
export const sessionProbeAnswer = z
  .discriminatedUnion('authenticated', [
    z.object({ authenticated: z.literal(false) }),
    z.object({
      authenticated: z.literal(true),
      user: currentUser.describe('The same body `GET /user` answers.'),
      timeZone: z
        .string()
        .describe(
          "The server's time zone (APP_TIMEZONE, IANA): every date-time the API answers is a wall-clock time there.",
        ),
    }),
  ])
  .describe('Signed in (with the user) or not; never a 401.');

export function registerSessionProbeRoutes(
  app: FastifyInstance,
  auth: Pick<AuthService, 'currentUser'>,
  sessions: Pick<SessionStore, 'destroy' | 'touchIfStale'>,
  timeZone: string,
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/v1/session',
      { config: { access: { auth: 'public' } }, schema: { response: { 200: sessionProbeAnswer } } },
      async (request) => {
        const session = request.session;
        const user = session?.user;
        if (!session || !user) return { authenticated: false as const };
        if (sessionMustEnd(user, session)) {
          // The same rule as every signed-in route: a disabled account or role, or a password-only session of
          // a user who has two-factor, ends the session at once.
          await sessions.destroy(session.id);
          return { authenticated: false as const };
        }
        await sessions.touchIfStale(session);
        return { authenticated: true as const, user: auth.currentUser(user), timeZone };
      },
    );
}
