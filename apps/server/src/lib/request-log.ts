import type { FastifyRequest } from 'fastify';

/** The SPA's password links (`/password-reset/{token}?email=...`) carry a live reset token and an address. */
const PASSWORD_LINK = /^(\/password-reset\/)[^?#]*(\?[^#]*)?/;

/** The URL as it may be logged: a password link keeps its path prefix, its token and e-mail are cut. */
export function loggableUrl(url: string): string {
  return url.replace(PASSWORD_LINK, '$1[redacted]');
}

/** Fastify's request serializer (method, url, host, addresses) with the URL made loggable. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
