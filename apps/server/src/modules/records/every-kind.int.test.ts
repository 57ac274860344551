import { inArray } from 'drizzle-orm';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedIn, waitFor } from '../../test/fixtures.js';
import { postableRows, postBodyOf } from '../../test/kind-fixtures.js';
import {
  documentsByKey,
  expectPostedOnce,
  TIME_ZONE,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { ids, startRecordsHarness } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';
import { generateDemoSet } from '../demo-data/demo-data.service.js';
import { IMPORT_KINDS, importPiece } from '../imports/import-schemas.js';
import { SERVER_KINDS } from './kinds/index.js';
import { keyOf } from '../../test/record-keys.js';

/**
 * Walks every entry of the registry through each layer that loops over it: its demo rows through the import
 * API, its list, its post (or queue, for a queued kind) to SAP, and the view and post permissions of its
 * routes. A new kind is walked once it has its registry entry and its server folder: its data come from its
 * fixture (test/kind-fixtures.ts), by default its own demo rows and a post entry made from its body's rules.
 */
let h: PostingHarness;
let admin: TestClient;
let apiToken: string;
beforeAll(async () => {
  ({ h, admin } = await startRecordsHarness());
  ({ token: apiToken } = await h.app.services.apiTokens.create('every-kind', {
    actor: { id: null, name: 'Test' },
    ip: '127.0.0.1',
  }));
}, 120_000);
afterAll(() => h?.close());

const DEMO_ROWS = 3;

/** The import that brings a kind's rows: its own, or that of the kind whose table it shares (the second journal). */
const importOf = (kind: RecordKindName) =>
  importPiece(IMPORT_KINDS.find((name) => importPiece(name).table === SERVER_KINDS[kind].table)!);

/** The ids of the rows with these source ids, in their order. */
async function idsOf(kind: RecordKindName, sourceIds: string[]): Promise<number[]> {
  const { table } = importOf(kind);
  const rows = (await h.database.db
    .select({ id: table.id, sourceId: table.sourceId })
    .from(table)
    .where(inArray(table.sourceId, sourceIds))) as { id: number; sourceId: string }[];
  const bySource = new Map(rows.map((r) => [r.sourceId, r.id]));
  return sourceIds.map((s) => bySource.get(s)!);
}

describe.each(RECORD_KIND_NAMES)('the registry kind %s', (kind) => {
  const entry = RECORD_KINDS_PLAIN[kind];

  it('has demo rows that the import API takes, listed once its required step is posted', async () => {
    const piece = importOf(kind);
    const rows = generateDemoSet({ count: DEMO_ROWS, seed: `every-${kind}` }, TIME_ZONE)[
      piece.name as (typeof IMPORT_KINDS)[number]
    ];
    expect(rows).toHaveLength(DEMO_ROWS);
    const imported = await h
      .client()
      .post(`/api/v1/import/${piece.name}`, rows, { authorization: `Bearer ${apiToken}` });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      kind: piece.name,
      received: DEMO_ROWS,
      inserted: DEMO_ROWS,
      updated: 0,
      unchanged: 0,
      rejected: [],
    });
    const rowIds = await idsOf(
      kind,
      rows.map((r) => String(r.sourceId)),
    );
    if ('requires' in entry) {
      expect(ids(await admin.get(entry.apiPath)).filter((id) => rowIds.includes(id))).toEqual([]);
      const required = await admin.post(
        RECORD_KINDS_PLAIN[entry.requires].apiPath,
        await postBodyOf(h, entry.requires, rowIds),
      );
      expect(required.status).toBe(200);
    }
    const listed = ids(await admin.get(entry.apiPath)).filter((id) => rowIds.includes(id));
    expect(listed.sort((a, b) => a - b)).toEqual([...rowIds].sort((a, b) => a - b));
  });

  it(`${entry.queued ? 'queues' : 'posts'} a row to SAP exactly once, and the row leaves the list`, async () => {
    const [id] = await postableRows(h, kind);
    const response = await admin.post(entry.apiPath, await postBodyOf(h, kind, [id!]));
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(entry.messages.success);
    const key = keyOf(entry.code, id!);
    if (entry.queued) {
      expect(response.body).toMatchObject({ posted: [], failed: [], queued: [{ id }] });
      await waitFor(
        async () => (await documentsByKey(h.sim)).has(key),
        `${key} to reach SAP through the queue`,
        20_000,
      );
    } else {
      expect(response.body).toMatchObject({ posted: [{ id, sapDocEntry: expect.any(Number) }], failed: [] });
    }
    await expectPostedOnce(h.sim, [key]);
    expect(ids(await admin.get(entry.apiPath))).not.toContain(id);
  });

  it('needs its view permission to list and its post permission to post (403 without)', async () => {
    const [id] = await postableRows(h, kind);
    const body = await postBodyOf(h, kind, [id!]);
    const nobody = await signedIn(h.server, await createUser(h.server, { permissions: [] }));
    expect((await nobody.get(entry.apiPath)).status).toBe(403);
    expect((await nobody.post(entry.apiPath, body)).status).toBe(403);
    const viewer = await signedIn(
      h.server,
      await createUser(h.server, { permissions: [entry.permissions.view] }),
    );
    expect((await viewer.get(entry.apiPath)).status).toBe(200);
    const refused = await viewer.post(entry.apiPath, body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(entry.permissions.post);
    const poster = await signedIn(
      h.server,
      await createUser(h.server, { permissions: [entry.permissions.view, entry.permissions.post] }),
    );
    expect((await poster.post(entry.apiPath, body)).status).toBe(200);
  });
});
