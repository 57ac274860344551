import pg from 'pg';

/**
 * The idempotency key of each record's current posting, as the database computed it (the generated `posting_key`
 * of `table`, from the source id and generation: decision 018): the read-back finds each record's document in
 * SAP by it.
 */
export async function postingKeys(
  url: string,
  table: string,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const rows = (
      await db.query<{ id: number; key: string }>(
        `SELECT id, posting_key AS key FROM ${table} WHERE id = ANY($1)`,
        [ids],
      )
    ).rows;
    return new Map(rows.map((r) => [r.id, r.key]));
  } finally {
    await db.end();
  }
}
