import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** What a user changes of their own account row. */
export function createAccountRepository(db: Db) {
  return {
    updateProfile: (userId: number, values: { name: string; mobileNo: string }, executor: Db = db) =>
      executor.update(users).set(values).where(eq(users.id, userId)),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
