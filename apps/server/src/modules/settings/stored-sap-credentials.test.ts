import { describe, expect, it } from 'vitest';
import type { ConnectionSettingsRepository } from './connection-settings.repository.js';
import { createStoredSapCredentials, sapPasswordBox } from './stored-sap-credentials.js';

const APP_KEY = 'base64:' + Buffer.alloc(32, 7).toString('base64');

/** A connection_settings table of one row, counting how often it is read. */
function storedRow(box: ReturnType<typeof sapPasswordBox>) {
  const table = {
    reads: 0,
    row: {
      companyDb: 'SBODEMO_KE',
      username: 'manager',
      passwordEncrypted: box.seal('first') as string | null,
    },
  };
  const repository = {
    first: async () => {
      table.reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { id: 1, ...table.row };
    },
  } as unknown as ConnectionSettingsRepository;
  return { table, repository };
}

describe('stored SAP credentials', () => {
  it('reads the table once for many concurrent SAP calls, and again after the time to live', async () => {
    const box = sapPasswordBox(APP_KEY);
    const { table, repository } = storedRow(box);
    const credentials = createStoredSapCredentials(repository, box, 50);
    const answers = await Promise.all(Array.from({ length: 16 }, () => credentials.read()));
    expect(answers.every((a) => a?.password === 'first')).toBe(true);
    expect(table.reads).toBe(1);
    await credentials.read();
    expect(table.reads).toBe(1);

    table.row.passwordEncrypted = box.seal('second');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await credentials.read())?.password).toBe('second');
    expect(table.reads).toBe(2);
  });

  it('uses a change saved in this process on the very next call', async () => {
    const box = sapPasswordBox(APP_KEY);
    const { table, repository } = storedRow(box);
    const credentials = createStoredSapCredentials(repository, box, 60_000);
    expect((await credentials.read())?.password).toBe('first');
    table.row.passwordEncrypted = box.seal('second');
    credentials.forget();
    expect((await credentials.read())?.password).toBe('second');
  });

  it('never keeps an incomplete connection: the first complete save is seen by the next call', async () => {
    const box = sapPasswordBox(APP_KEY);
    const { table, repository } = storedRow(box);
    table.row.passwordEncrypted = null;
    const credentials = createStoredSapCredentials(repository, box, 60_000);
    expect(await credentials.read()).toBeNull();
    table.row.passwordEncrypted = box.seal('first');
    expect((await credentials.read())?.password).toBe('first');
  });
});
