import type { Db } from '../db/client.js';
import type { SapCredentials } from '../erp/service-layer-client.js';
import { createConnectionSettingsRepository } from '../modules/settings/connection-settings.repository.js';
import { sapPasswordBox } from '../modules/settings/stored-sap-credentials.js';

/**
 * Embedded mode: on an empty connection_settings table, store the simulator's credentials (the password
 * encrypted) so postings work out of the box. A setting that exists is never overwritten.
 */
export function seedConnectionSetting(db: Db, appKey: string, credentials: SapCredentials): Promise<boolean> {
  return createConnectionSettingsRepository(db).insertIfEmpty({
    companyDb: credentials.companyDb,
    username: credentials.username,
    passwordEncrypted: sapPasswordBox(appKey).seal(credentials.password),
  });
}
