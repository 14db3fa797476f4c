import { z } from 'zod';

export const PASSWORD_MIN = 6;
// Bounds the argon2 hashing cost of a single request.
export const PASSWORD_MAX = 256;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const USERNAME_MAX = 30;

// Registration sets the username to the email, which can be longer than the 3-30 characters
// allowed for a chosen username; the schema admits it, `usernameChangeProblem` limits changes.
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(254, `Username must be at most ${USERNAME_MAX} characters`);

/**
 * A chosen username has 3-30 characters and no "@"; the registration username (the email) may
 * be kept as it is. An "@" could make a username look like someone else's address, and a
 * registration's username is its email: that would block their sign-up (docs/decisions/009).
 */
export function usernameChangeProblem(next: string, current: string) {
  if (next === current) return undefined;
  if (next.includes('@')) return 'Username cannot contain @';
  return next.length > USERNAME_MAX
    ? `Username must be at most ${USERNAME_MAX} characters`
    : undefined;
}

/** Registration: the web client sends username = email; the server also accepts it without. */
export const registerBodySchema = z.object({
  username: z.string().max(254).optional(),
  email: emailSchema,
  password,
  timezone: z.string().max(64).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * Login sends the email as `username`, as the original client does; see
 * docs/product.md §6 (API conventions).
 */
export const loginBodySchema = z.object({
  username: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .transform((value) => value.toLowerCase()),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A new email needs the current password; it takes effect once its link is opened. */
export const profileBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** The refinement a confirmation field needs: it must equal the password field it confirms. */
export function passwordsMatch<Field extends string>(field: Field) {
  return [
    (values: Record<Field | 'confirmPassword', string>) => values[field] === values.confirmPassword,
    { message: "Passwords don't match", path: ['confirmPassword'] as PropertyKey[] },
  ] as const;
}

export const passwordBodySchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX),
    newPassword: password,
    confirmPassword: z
      .string({ error: 'Confirm your new password' })
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX),
  })
  .refine(...passwordsMatch('newPassword'));
export type PasswordBody = z.infer<typeof passwordBodySchema>;

/** What leaves the server about a user: an allowlist, so hashes and tokens never do. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  planType: z.enum(['free', 'pro']),
  createdAt: z.string(),
  /** No mail but account mail (verification, reset) goes to an unverified address. */
  emailVerified: z.boolean(),
  /** A new address asked for, waiting for its verification link to be opened. */
  pendingEmail: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A single-use link's token, as mailed (`/verify-email?token=…`, `/reset-password?token=…`). */
const linkToken = z
  .string({ error: 'The link is missing its token' })
  .min(1, 'The link is missing its token')
  .max(128, 'This link is not valid');

export const verifyEmailBodySchema = z.object({ token: linkToken });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetBodySchema = z
  .object({
    token: linkToken,
    newPassword: password,
    confirmPassword: z.string({ error: 'Confirm your new password' }).max(PASSWORD_MAX),
  })
  .refine(...passwordsMatch('newPassword'));
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** An answer that only says what happened. */
export const messageResultSchema = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResultSchema>;

/** The reset request's one answer, whether or not the email has an account. */
export const PASSWORD_RESET_REQUESTED =
  'If an account uses this email, a link to reset its password is on its way. It works for 1 hour.';
