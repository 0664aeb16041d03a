import { z } from './zod.js';
import { MAX_ROW_ID } from './ids.js';

/** The roles of the admin panel; what each may do is ROLE_PERMISSIONS below. */
export const ADMIN_ROLES = ['owner', 'editor', 'writer'] as const;
export const AdminRoleSchema = z.enum(ADMIN_ROLES, 'must be owner, editor or writer');
export type AdminRole = z.infer<typeof AdminRoleSchema>;

/**
 * What an admin route lets its caller do. The API declares the one permission each admin route needs
 * (the backend's @RequirePermission) and refuses the rest; the panel hides what the role may not use.
 */
export const PERMISSIONS = [
  /** Sign in, read one's own account and the dashboard's frame. */
  'panel.use',
  /** Read the trending topics. */
  'trending.read',
  /** Refresh the trending topics, approve or decline a topic, run the blog workflow. */
  'trending.manage',
  /** Create drafts, edit one's own drafts and drafts assigned to one, submit them for review. */
  'articles.draft',
  /** Edit any article, review (request changes, mark ready), assign, publish, schedule, unpublish. */
  'articles.publish',
  /** Delete articles permanently, clear problematic drafts. */
  'articles.delete',
  /** Regenerate article images. */
  'media.regenerate',
  /** Moderate reader comments and error reports. */
  'comments.moderate',
  /** Read readers' contact messages. */
  'contact.read',
  /** Manage the newsletter: subscribers, digests, their schedule. */
  'newsletter.manage',
  /** Read the analytics dashboard. */
  'analytics.read',
  /** Invite people, change roles, disable accounts, reset passwords. */
  'people.manage',
  /** Run recovery and backups, read the audit log and the queue dashboard. */
  'operations.run',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What only an owner may do: people, and the operations that act on the whole site. */
const OWNER_ONLY: readonly Permission[] = ['people.manage', 'operations.run'];

/** The one table of who may do what, in PERMISSIONS' order. The owner may do everything. */
export const ROLE_PERMISSIONS: Readonly<Record<AdminRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  editor: PERMISSIONS.filter((permission) => !OWNER_ONLY.includes(permission)),
  writer: ['panel.use', 'trending.read', 'articles.draft'],
};

export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES, 'must be active or disabled');
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

/** Who is signed in, as `GET /api/admin/check` tells the admin app (which hides what the role cannot use). */
export const SignedInAccountSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  role: AdminRoleSchema,
  /** The permissions of the role (ROLE_PERMISSIONS), e.g. `people.manage`. */
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type SignedInAccount = z.infer<typeof SignedInAccountSchema>;

/** One account as the People tab lists it. */
export const AdminAccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  role: AdminRoleSchema,
  status: AccountStatusSchema,
  /** False while the account waits for its person to set a password by link. */
  hasPassword: z.boolean(),
  /** When the newest unused link to set the password stops working, if there is one. */
  linkExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminAccount = z.infer<typeof AdminAccountSchema>;

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;

export const InvitePersonRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(100, 'must be at most 100 characters')
    .regex(USERNAME_PATTERN, 'may hold only lowercase letters, digits, dots, dashes and underscores'),
  displayName: z.string().trim().min(1, 'Display name is required').max(100, 'must be at most 100 characters'),
  email: z.string().trim().max(320, 'must be at most 320 characters').pipe(z.email('Please enter a valid email address')),
  role: AdminRoleSchema,
});
export type InvitePersonRequest = z.infer<typeof InvitePersonRequestSchema>;

export const ChangeRoleRequestSchema = z.object({ role: AdminRoleSchema });
export type ChangeRoleRequest = z.infer<typeof ChangeRoleRequestSchema>;

export const ChangeStatusRequestSchema = z.object({ status: AccountStatusSchema });
export type ChangeStatusRequest = z.infer<typeof ChangeStatusRequestSchema>;

export const PersonIdParamsSchema = z.object({
  id: z.coerce.number().int('must be a whole number').positive('must be positive').max(MAX_ROW_ID, 'is too large'),
});

/**
 * A one-time link to set a password (an invitation or a reset), answered once to the owner who made
 * it: the token goes after `#` in the admin app's `/set-password` page, so no server log or Referer
 * carries it. Only its hash is stored.
 */
export const PasswordLinkResponseSchema = z.object({
  account: AdminAccountSchema,
  token: z.string(),
  expiresAt: z.string(),
});
export type PasswordLinkResponse = z.infer<typeof PasswordLinkResponseSchema>;

export const PASSWORD_MIN_LENGTH = 12;

export const SetPasswordRequestSchema = z.object({
  token: z.string().min(1, 'The link is incomplete').max(100, 'The link is not valid'),
  password: z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).max(200, 'must be at most 200 characters'),
});
export type SetPasswordRequest = z.infer<typeof SetPasswordRequestSchema>;

export const SetPasswordResponseSchema = z.object({ username: z.string(), message: z.string() });
export type SetPasswordResponse = z.infer<typeof SetPasswordResponseSchema>;
