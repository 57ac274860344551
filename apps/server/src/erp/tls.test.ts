import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SapError } from './sap-error.js';
import { createServiceLayerClient } from './service-layer-client.js';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A Service Layer over HTTPS with a self-signed certificate, standing in for a company CA. */
describe.skipIf(!hasOpenssl)('TLS', () => {
  let server: Server;
  let base: string;
  let caFile: string;
  const credentials = async () => ({ companyDb: 'DB', username: 'u', password: 'p' });

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ff-tls-'));
    caFile = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        caFile,
      ],
      { stdio: 'ignore' },
    );
    server = createServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(caFile) },
      (request, response) => {
        if (request.url?.endsWith('/Login')) {
          response.writeHead(200, {
            'content-type': 'application/json',
            'set-cookie': 'B1SESSION=tls-session; HttpOnly',
          });
          response.end(JSON.stringify({ SessionId: 'tls-session', SessionTimeout: 30 }));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ value: [{ Code: '110101' }] }));
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}/b1s/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses an untrusted certificate, even with NODE_TLS_REJECT_UNAUTHORIZED=0', async () => {
    const previous = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    const sap = createServiceLayerClient({ baseUrl: base, credentials });
    try {
      const error = await sap.post('JournalEntries', {}).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SapError);
      // The TLS handshake failed during Login: nothing was sent, so even the POST is not outcome-unknown.
      expect(error).toMatchObject({ kind: 'unavailable', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
      expect((error as SapError).message).toMatch(/SAP_CA_FILE/);
    } finally {
      if (previous === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previous;
      await sap.close();
    }
  });

  it('trusts the company CA given in SAP_CA_FILE', async () => {
    const sap = createServiceLayerClient({ baseUrl: base, credentials, caFile });
    try {
      expect(await sap.getAll('ChartOfAccounts')).toEqual([{ Code: '110101' }]);
    } finally {
      await sap.close();
    }
  });
});
