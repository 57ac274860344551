import type { CredentialsProvider, SapCredentials } from '../../erp/service-layer-client.js';
import { createSecretBox, SecretBoxError, type SecretBox } from '../../lib/secret-box.js';
import { singleFlight } from '../../lib/single-flight.js';
import type { ConnectionSettingsRepository } from './connection-settings.repository.js';

/** The secret box purpose of the stored SAP password (HKDF info and GCM associated data). */
export const SAP_PASSWORD_PURPOSE = 'connection_settings.password_encrypted';

export const sapPasswordBox = (appKey: string | undefined): SecretBox =>
  createSecretBox(appKey, SAP_PASSWORD_PURPOSE);

/** The stored password exists but cannot be decrypted (APP_KEY changed); the message says what to do. */
export class StoredPasswordUnreadable extends Error {
  override readonly name = 'StoredPasswordUnreadable';
}

/**
 * How long a read of the stored credentials serves further SAP calls. Every SAP call needs them, and a read is
 * a database query and a decryption; a saved change applies at once in the saving process (`forget`) and
 * within this time in every other process (a worker).
 */
export const CREDENTIALS_TTL_MS = 1_000;

/**
 * The SAP credentials as stored in connection_settings, read at most once per `CREDENTIALS_TTL_MS` (concurrent
 * callers share one read). Null while the connection is incomplete (never kept: the first complete save is seen
 * by the next call).
 */
export function createStoredSapCredentials(
  repository: ConnectionSettingsRepository,
  box: SecretBox,
  ttlMs = CREDENTIALS_TTL_MS,
) {
  /** The stored password in clear, or an Error a person can act on. */
  function openPassword(sealed: string): string {
    try {
      return box.open(sealed);
    } catch (error) {
      if (error instanceof SecretBoxError) {
        throw new StoredPasswordUnreadable(
          `The stored SAP password cannot be read: ${error.message} Enter the password again under Settings.`,
        );
      }
      throw error;
    }
  }

  let cached: { value: SapCredentials; until: number } | null = null;
  let generation = 0;

  async function readStored(): Promise<SapCredentials | null> {
    const row = await repository.first();
    if (!row || !row.companyDb || !row.username || !row.passwordEncrypted) return null;
    return {
      companyDb: row.companyDb,
      username: row.username,
      password: openPassword(row.passwordEncrypted),
    };
  }

  const reading = singleFlight(() => {
    const startedIn = generation;
    return readStored().then((value) => {
      // A read that began before a save (`forget`) must not be kept as the current values.
      if (value && startedIn === generation) cached = { value, until: Date.now() + ttlMs };
      return value;
    });
  });

  const read: CredentialsProvider = async (): Promise<SapCredentials | null> => {
    if (cached && Date.now() < cached.until) return cached.value;
    return reading.run();
  };

  /** The stored values changed (saved in this process): the next call reads them. */
  function forget(): void {
    generation += 1;
    cached = null;
    reading.forget();
  }

  return { read, forget, openPassword, box };
}

export type StoredSapCredentials = ReturnType<typeof createStoredSapCredentials>;
