import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commandEnv } from '../../config/app-key.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { importCommands } from './imports.commands.js';

// The operator's token commands as src/cli.ts runs them, on this server's services: what they print and the
// exit code a script can rely on.
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Runs a command and answers its exit code with everything it printed to stdout and stderr. */
async function run(name: 'tokens:create' | 'tokens:revoke', args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => void out.push(parts.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts) => void err.push(parts.join(' ')));
  try {
    const { imports, apiTokens } = server.app.services;
    const context = { env: commandEnv(server.env), database: server.database, imports, apiTokens };
    const code = await importCommands[name]!.run(context, args);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('tokens:create and tokens:revoke', () => {
  it('exit 2 with the usage when no name is given', async () => {
    expect(await run('tokens:create', [])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Usage: tokens:create <name>   e.g. tokens:create tms',
    });
    expect(await run('tokens:revoke', ['  '])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Usage: tokens:revoke <name|id>',
    });
  });

  it('create prints the token once and exits 0; a second active token of that name is refused with exit 1', async () => {
    const created = await run('tokens:create', ['tms', 'feed']);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^API token \d+ "tms feed" created\. Copy it now; it is not shown again:/);
    const token = /\n\n {2}(\S+)\n/.exec(created.stdout)?.[1];
    expect(token).toBeDefined();
    expect(created.stdout).toContain(`Send it as: Authorization: Bearer ${token!.slice(0, 8)}...`);

    const again = await run('tokens:create', ['tms feed']);
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(again.stderr).toContain('"tms feed" already exists');
  });

  it('revoke names the token and exits 0; an unknown token exits 1 with the reason', async () => {
    await run('tokens:create', ['billing']);
    const revoked = await run('tokens:revoke', ['billing']);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/^API token \d+ "billing" revoked\.$/);

    const unknown = await run('tokens:revoke', ['nope']);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No active API token named or numbered "nope". See tokens:list.',
    });
  });
});
