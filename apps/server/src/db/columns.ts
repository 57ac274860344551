import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Column builders the schema files share. */

/** All instants are stored as timestamptz; the API formats them in APP_TIMEZONE. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The id of the row this one belongs to: required, and deleting that row deletes this one. */
export const ownerId = (name: string, owner: () => AnyPgColumn) =>
  integer(name).notNull().references(owner, { onDelete: 'cascade' });
