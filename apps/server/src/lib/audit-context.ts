/** Who did something, and from where: every audit row carries both. */
export type Actor = { id: number | null; name: string };
export type AuditContext = { actor: Actor; ip: string };
export const SYSTEM_ACTOR: Actor = { id: null, name: 'System' };
