import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, signIn, startProduct, stopProduct } from './process-product.mjs';

/**
 * Issue 23's example integration (examples/trip-feed, "Feeding records from your trip system" in the README),
 * against the built product started as an operator does: its committed OpenAPI document and generated client
 * must be what the server serves and what openapi-typescript makes of it today (a drifted contract fails here,
 * and `TRIP_FEED_WRITE=1 npx vitest run --project processes trip-feed` brings it back); the program, typechecked by `npm run typecheck`,
 * imports every kind with a token an administrator created through the API, reads the list back as a user, and a
 * revoked token's import is refused with 401.
 */
const EXAMPLE = join(ROOT, 'examples/trip-feed');
let product;
let scratch;
afterEach(() => {
  if (product) stopProduct(product);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  product = undefined;
  scratch = undefined;
});

const runExample = (env) => {
  try {
    return {
      code: 0,
      output: execFileSync('node', ['--import', 'tsx', 'src/main.ts'], {
        cwd: EXAMPLE,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      }),
    };
  } catch (error) {
    return { code: error.status, output: `${error.stdout}${error.stderr}` };
  }
};

describe('the trip feed example', () => {
  it('is generated from the served document, imports every kind with an API token, reads the list back, and is refused once the token is revoked', async () => {
    product = await startProduct(['run', 'serve']);
    const { url } = product;
    const { cookie, xsrf } = await signIn(url);
    const headers = { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' };

    // The committed document and client are today's.
    const served = await (await fetch(`${url}/api/openapi.json`, { headers })).json();
    scratch = mkdtempSync(join(tmpdir(), 'ff-trip-feed-'));
    writeFileSync(join(scratch, 'openapi.json'), `${JSON.stringify(served, null, 2)}\n`);
    // TRIP_FEED_WRITE=1 saves today's document in the example first (then `npm run generate` makes its client).
    if (process.env.TRIP_FEED_WRITE === '1') {
      writeFileSync(join(EXAMPLE, 'openapi.json'), readFileSync(join(scratch, 'openapi.json')));
      execFileSync('npm', ['run', 'generate'], { cwd: EXAMPLE, stdio: 'ignore' });
    }
    expect(
      readFileSync(join(EXAMPLE, 'openapi.json'), 'utf8'),
      'examples/trip-feed/openapi.json is not the served document: TRIP_FEED_WRITE=1 npx vitest run --project processes trip-feed',
    ).toBe(readFileSync(join(scratch, 'openapi.json'), 'utf8'));
    execFileSync(
      'npx',
      ['openapi-typescript', join(scratch, 'openapi.json'), '--output', join(scratch, 'api.d.ts')],
      { cwd: EXAMPLE, stdio: 'ignore' },
    );
    expect(
      readFileSync(join(EXAMPLE, 'src/api.d.ts'), 'utf8'),
      'examples/trip-feed/src/api.d.ts is stale: npm run generate -w @ff/trip-feed-example',
    ).toBe(readFileSync(join(scratch, 'api.d.ts'), 'utf8'));

    // An administrator creates a token for every import.
    const list = await (await fetch(`${url}/api/v1/api-tokens`, { headers })).json();
    const created = await fetch(`${url}/api/v1/api-tokens`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'trip feed', kinds: list.importKinds.map((kind) => kind.name) }),
    });
    expect(created.status).toBe(201);
    const { token, data } = await created.json();

    const env = {
      FF_URL: url,
      FF_TOKEN: token,
      FF_TRIP: 'TRP-FEED-1',
      FF_EMAIL: 'admin@example.com',
      FF_PASSWORD: 'Signals-Test-Password-2024!',
    };
    const first = runExample(env);
    expect(first.code).toBe(0);
    for (const kind of [
      'sales-invoices',
      'transporter-invoices',
      'cash-advances',
      'fuel-advances',
      'vas-transactions',
    ])
      expect(first.output).toContain(`${kind}: 1 received, 1 created, 0 updated, 0 unchanged, 0 rejected`);
    expect(first.output).toContain('Cash Advance list, trip TRP-FEED-1: 1 awaiting posting');
    // Sent again: the same records (matched by sourceId), none created twice.
    const again = runExample(env);
    expect(again.code).toBe(0);
    expect(again.output).toContain(
      'cash-advances: 1 received, 0 created, 1 updated, 0 unchanged, 0 rejected',
    );
    expect(again.output).toContain('Cash Advance list, trip TRP-FEED-1: 1 awaiting posting');

    const revoked = await fetch(`${url}/api/v1/api-tokens/${data.id}`, {
      method: 'DELETE',
      headers: { cookie, 'x-xsrf-token': xsrf },
    });
    expect(revoked.status).toBe(200);
    const refused = runExample(env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /cash-advances: refused \(401\): The API token "trip feed" was revoked on /,
    );
  }, 180_000);
});
