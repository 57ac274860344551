import { z } from 'zod';
import { emailField, listOf, managedRecordFields } from './common.js';

export const user = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  role: z.string(),
  ...managedRecordFields,
});
export type User = z.infer<typeof user>;

/** `GET /users`: the users created in the date range. */
export const userList = listOf(user);

/** `POST /users`: name is first and last name joined; mobileNo is the dial code plus the number. */
export const createUserBody = z.object({
  name: z.string().trim().min(1, 'The name field is required.').max(200),
  email: emailField,
  mobileNo: z
    .string()
    .trim()
    .min(1, 'The mobile number field is required.')
    .max(32)
    .regex(/^\+?[0-9 ()-]+$/, 'The mobile number may only contain digits, spaces, brackets and dashes.'),
  role: z.string().trim().min(1, 'Role is required').max(100),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** The answer to `POST /users` carries the role as a list (docs/spec/product-spec.md section 3). */
export const createdUser = user.omit({ role: true }).extend({ role: z.array(z.string()) });
export type CreatedUser = z.infer<typeof createdUser>;
