import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * APP_KEY encrypts the stored SAP password and signs tokens. Production (DATABASE_URL) must set it;
 * the embedded mode makes one on first start and keeps it beside its data (DATA_DIR/app.key, mode 600).
 */
/** The environment of an operator command: the server's, with APP_KEY resolved as the server resolves it. */
export type CommandEnv<E> = E & { APP_KEY: string };

export function commandEnv<
  E extends { APP_KEY?: string | undefined; DATABASE_URL?: string | undefined; DATA_DIR: string },
>(env: E): CommandEnv<E> {
  return { ...env, APP_KEY: resolveAppKey(env) };
}

export function resolveAppKey(env: {
  APP_KEY?: string | undefined;
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): string {
  if (env.APP_KEY) return env.APP_KEY;
  if (env.DATABASE_URL)
    throw new Error('APP_KEY is required when DATABASE_URL is set (at least 32 characters).');
  const file = join(env.DATA_DIR, 'app.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
