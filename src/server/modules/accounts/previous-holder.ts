import type { Auth } from './auth.js';

/**
 * When the person who proved an address takes over an account someone else may have held (an
 * operator invitation accepted, a sign-up link confirming a never-verified account), the earlier
 * holder keeps nothing: every session ends, the second factor they may have set up (its secret
 * and recovery codes) is removed, and every pending step they hold is dropped — a sign-in
 * waiting for its code (better-auth keeps it as a `verifications` row whose value is the
 * account's id, and would finish it without asking the password again), a reset link.
 * Called after the new password is set.
 */
export async function forgetPreviousHolder(auth: Auth, userId: string): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(userId);
  await ctx.adapter.deleteMany({
    model: 'twoFactor',
    where: [{ field: 'userId', value: userId }],
  });
  await ctx.internalAdapter.updateUser(userId, { twoFactorEnabled: false });
  await ctx.adapter.deleteMany({
    model: 'verification',
    where: [{ field: 'value', value: userId }],
  });
}
