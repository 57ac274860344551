import type { CredentialsProvider, SapCredentials } from '../../erp/service-layer-client.js';
import { createSecretBox, SecretBoxError, type SecretBox } from '../../lib/secret-box.js';
import type { ConnectionSettingsRepository } from './connection-settings.repository.js';

/** The secret box purpose of the stored SAP password (HKDF info and GCM associated data). */
export const SAP_PASSWORD_PURPOSE = 'connection_settings.password_encrypted';

export const sapPasswordBox = (appKey: string | undefined): SecretBox => createSecretBox(appKey, SAP_PASSWORD_PURPOSE);

/** The stored password exists but cannot be decrypted (APP_KEY changed); the message says what to do. */
export class StoredPasswordUnreadable extends Error {
  override readonly name = 'StoredPasswordUnreadable';
}

/**
 * The SAP credentials as stored in connection_settings, read afresh on every call so a saved change
 * applies to the next SAP call in every process. Null while the connection is incomplete.
 */
export function createStoredSapCredentials(repository: ConnectionSettingsRepository, box: SecretBox) {
  /** The stored password in clear, or an Error a person can act on. */
  function openPassword(sealed: string): string {
    try {
      return box.open(sealed);
    } catch (error) {
      if (error instanceof SecretBoxError) {
        throw new StoredPasswordUnreadable(`The stored SAP password cannot be read: ${error.message} Enter the password again under Settings.`);
      }
      throw error;
    }
  }

  const read: CredentialsProvider = async (): Promise<SapCredentials | null> => {
    const row = await repository.first();
    if (!row || !row.companyDb || !row.username || !row.passwordEncrypted) return null;
    return { companyDb: row.companyDb, username: row.username, password: openPassword(row.passwordEncrypted) };
  };

  return { read, openPassword, box };
}

export type StoredSapCredentials = ReturnType<typeof createStoredSapCredentials>;
