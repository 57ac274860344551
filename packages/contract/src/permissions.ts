import { z } from 'zod';

export const permission = z.object({ id: z.number().int(), name: z.string() });
export type Permission = z.infer<typeof permission>;
