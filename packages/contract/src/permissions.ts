import { z } from 'zod';
import { listOf } from './common.js';

export const permission = z.object({ id: z.number().int(), name: z.string() });
export type Permission = z.infer<typeof permission>;

/** `GET /permissions`: every permission of the catalogue. */
export const permissionList = listOf(permission);
