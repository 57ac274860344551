import { z } from 'zod';
import { emailField, listOf, managedRecordFields, nameField } from './common.js';

export const user = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  role: z.string(),
  /**
   * The role's name, the same in every user answer (issue 23): `role` is the spec's, a name in the list and the
   * edit's answer but a list in `POST /users`' (docs/spec/product-spec.md section 3), so a client reads this one.
   */
  roleName: z.string(),
  ...managedRecordFields,
  /** True while the user has not set a password yet (their invitation can be resent). */
  invitationPending: z.boolean(),
});
export type User = z.infer<typeof user>;

/** `GET /users`: the users created in the date range. */
export const userList = listOf(user);

/** `POST /users`: name is first and last name joined; mobileNo is the dial code plus the number. */
export const createUserBody = z.object({
  name: nameField('The name', { min: 1, tooShort: 'The name field is required.', max: 200 }),
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

/**
 * `PATCH /api/v1/users/{id}` (issue 12): name, mobile number and role, each optional, with the rules of the
 * create body. The answer is the user in the list's shape.
 */
export const updateUserBody = createUserBody
  .pick({ name: true, mobileNo: true, role: true })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one of name, mobileNo and role.',
    path: ['name'],
  });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** `POST /api/v1/users/{id}/invitation`: a new set-password link was mailed (the previous one stops working). */
export const invitationSent = z.object({ status: z.string() });
export type InvitationSent = z.infer<typeof invitationSent>;

/** The texts of the edit and invitation calls. */
export const USER_ADMIN_MESSAGES = {
  invitationSent: (email: string) => `A new invitation was sent to ${email}.`,
  passwordAlreadySet:
    'This user has already set a password; they can use "Forgot Password?" to choose a new one.',
  invitationDisabledUser: 'This user is disabled; enable them before resending their invitation.',
  invitationThrottled: (seconds: number) =>
    `An invitation was sent to this user less than a minute ago. Please try again in ${seconds} seconds.`,
  ownRole: 'You cannot change your own role; ask another user manager to do it.',
  lastAdministrator: 'You cannot change the role of the last active administrator.',
} as const;
