import { z } from 'zod';
import { ROLES } from './constants.js';
import { emailSchema, optionalText, requiredText } from './common.js';

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Fields an applicant fills in. Role and approval are never accepted here. */
export const registerBaseSchema = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: emailSchema,
  company: requiredText('Company name', 200),
  agentLicense: optionalText(100),
  phone: optionalText(40),
  password: passwordSchema,
  confirmPassword: z.string({ error: 'Please confirm your password' }),
});
export const registerSchema = registerBaseSchema.refine((v) => v.password === v.confirmPassword, {
  message: "Passwords don't match",
  path: ['confirmPassword'],
});
export type RegisterInput = z.input<typeof registerSchema>;

export const roleSchema = z.enum(ROLES);

export const currentUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  role: roleSchema,
  approved: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The answer of a sign-in: the user, and whether this is the account's first successful sign-in. */
export const loginResultSchema = currentUserSchema.extend({ firstSignIn: z.boolean() });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  agentLicense: z.string().nullable(),
  phone: z.string().nullable(),
  approved: z.boolean(),
  role: roleSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Admin edit: partial; an empty or absent password leaves it unchanged. */
export const updateUserSchema = z
  .object({
    email: emailSchema,
    firstName: requiredText('First name', 100),
    lastName: requiredText('Last name', 100),
    company: requiredText('Company name', 200),
    agentLicense: optionalText(100),
    phone: optionalText(40),
    password: z
      .string()
      .max(200)
      .optional()
      .nullable()
      .refine((p) => !p || p.length >= 6, 'Password must be at least 6 characters'),
    approved: z.boolean(),
    role: roleSchema,
  })
  .partial();
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const sessionStatusSchema = z.object({ authenticated: z.boolean() });
