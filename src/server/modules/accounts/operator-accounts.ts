import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '#src/domain/accounts.js';
import type { AuditAction } from '#src/domain/audit-actions.js';
import type { Clock } from '../../clock.js';
import type { DbExecutor } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { MailDeps } from '../email/index.js';
import type { AuditLog } from '../operator-actions/index.js';
import type { Auth } from './auth.js';
import type { OperatorInvitationsRepository } from './operator-invitations.repository.js';
import { passwordProblem } from './password-rule.js';
import { forgetPreviousHolder } from './previous-holder.js';

/** An invitation link works once, for this long. */
export const INVITATION_HOURS = 24;
/** The SPA page the invitation link opens. */
export const INVITATION_PATH = '/admin/accept';

/** Who made a change from the server's own command line: the audit log's actor. */
export interface CommandActor {
  id: string;
  email: string;
}
export const ADMIN_CREATE_ACTOR: CommandActor = {
  id: 'admin:create',
  email: 'npm run admin:create on the server',
};
export const ADMIN_REMOVE_ACTOR: CommandActor = {
  id: 'admin:remove',
  email: 'npm run admin:remove on the server',
};

export const OPERATOR_MESSAGES = {
  invitationInvalid:
    'This invitation link has expired or has already been used. Ask the person who runs BoxAbroad to send a new one.',
  needsPassword: 'A new admin account needs a password.',
  noAccount: 'No account uses this email.',
} as const;

export interface CreateAdminInput {
  email: string;
  name?: string | undefined;
  /** The new account's password; never used for an existing account. */
  password?: string | undefined;
  /** Asked only when the account must be created and no password was given. */
  askPassword?: (() => Promise<string>) | undefined;
}

export type CreateAdminResult =
  | { outcome: 'created'; email: string; userId: string }
  | { outcome: 'invited'; email: string; userId: string; expiresAt: Date }
  | { outcome: 'already-admin'; email: string; userId: string };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const emailKey = (email: string) => email.trim().toLowerCase();
/** The role column (an additional field better-auth's adapter types do not carry). */
const roleOf = (user: object) => (user as { role?: string | null }).role;

/** The password rule every account keeps (password-rule.ts): the command says why it refuses. */
function checkPassword(password: string, email: string, name: string | undefined): void {
  const problem = passwordProblem(password, { email, name });
  if (problem) throw new Error(problem);
}

export interface OperatorAccountsDeps {
  auth: Auth;
  invitations: OperatorInvitationsRepository;
  clock: Clock;
  mail: MailDeps;
  /** The audit entry: these commands run their own transactions, so they write the row alone. */
  audit: Pick<AuditLog, 'record'>;
  siteUrl: string;
}

/**
 * How operators are made and unmade (docs/operators.md, "Admin accounts"). Only the server's own
 * commands (`npm run admin:create`, `admin:remove`) and the emailed invitation reach this: no
 * signed-in request grants or removes the role. An address that already has an account is never
 * made an operator directly: whoever signed it up may not own the mailbox. It is sent a one-time
 * link; accepting it sets a new password (the old one and every session end), verifies the email
 * and grants the role.
 */
export class OperatorAccounts {
  constructor(private readonly deps: OperatorAccountsDeps) {}

  async createOrInvite(input: CreateAdminInput, actor: CommandActor): Promise<CreateAdminResult> {
    const email = emailKey(input.email);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(ACCOUNT_MESSAGES.email);
    const ctx = await this.deps.auth.$context;
    const found = await ctx.internalAdapter.findUserByEmail(email);
    if (found) {
      if (roleOf(found.user) === 'admin') {
        return { outcome: 'already-admin', email, userId: found.user.id };
      }
      const expiresAt = await this.invite(email, actor);
      return { outcome: 'invited', email, userId: found.user.id, expiresAt };
    }

    let password = input.password;
    if (password === undefined && input.askPassword) password = await input.askPassword();
    if (password === undefined) throw new Error(OPERATOR_MESSAGES.needsPassword);
    checkPassword(password, email, input.name);
    const user = await ctx.internalAdapter.createUser(
      {
        email,
        name: input.name?.trim() || email.split('@')[0] || email,
        emailVerified: true,
        role: 'admin',
      },
      { method: 'admin' },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await ctx.password.hash(password),
    });
    await this.record(actor, 'operator.create', email, {});
    return { outcome: 'created', email, userId: user.id };
  }

  /** Writes the invitation, its email and its audit record in one transaction. */
  private async invite(email: string, actor: CommandActor): Promise<Date> {
    const token = randomBytes(32).toString('base64url');
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 60 * 60 * 1000);
    const acceptUrl = `${new URL(this.deps.siteUrl).origin}${INVITATION_PATH}?token=${token}`;
    const tokenHash = hashToken(token);
    await this.deps.invitations.transaction(async (tx) => {
      await this.deps.invitations.insert(
        { tokenHash, email, invitedBy: actor.email, createdAt: now, expiresAt },
        tx,
      );
      await this.deps.mail.emails.sendTo(tx, 'operator-invitation', {
        email,
        acceptUrl,
        expiresAt,
        requestId: tokenHash.slice(0, 32),
      });
      await this.record(
        actor,
        'operator.invite',
        email,
        { expiresAt: expiresAt.toISOString() },
        tx,
      );
    });
    this.deps.mail.worker.wake();
    return expiresAt;
  }

  /**
   * The invitation link, opened by whoever reads the mailbox: uses the link once, replaces the
   * account's password, signs out every session, verifies the email and grants the role.
   */
  async acceptInvitation(token: string, password: string): Promise<{ email: string }> {
    const invalid = () =>
      new ApiError(410, 'INVITATION_INVALID', OPERATOR_MESSAGES.invitationInvalid);
    const now = this.deps.clock.now();
    // The new password is checked before the link is used, so a refused one does not spend it.
    const invited = await this.deps.invitations.findUsable(hashToken(token), now);
    if (!invited) throw invalid();
    const problem = passwordProblem(password, { email: invited });
    if (problem) {
      throw new ApiError(422, 'VALIDATION_FAILED', problem, { password: problem });
    }
    // Used up first, atomically: two tabs opening one link cannot both accept it.
    const claimedEmail = await this.deps.invitations.claim(hashToken(token), now);
    const claimed = claimedEmail ? { email: claimedEmail } : undefined;
    if (!claimed) throw invalid();
    const ctx = await this.deps.auth.$context;
    const found = await ctx.internalAdapter.findUserByEmail(claimed.email, {
      includeAccounts: true,
    });
    if (!found) throw invalid();
    const userId = found.user.id;
    const hash = await ctx.password.hash(password);
    if (found.accounts.some((a) => a.providerId === 'credential')) {
      await ctx.internalAdapter.updatePassword(userId, hash);
    } else {
      await ctx.internalAdapter.linkAccount({
        userId,
        providerId: 'credential',
        accountId: userId,
        password: hash,
      });
    }
    // Whoever held the account before keeps no session, second factor or pending sign-in: the
    // new operator sets up two-step sign-in of their own on the first visit to the console.
    await forgetPreviousHolder(this.deps.auth, userId);
    await ctx.internalAdapter.updateUser(userId, { emailVerified: true, role: 'admin' });
    // The other links sent to this address are spent with this one.
    await this.voidInvitations(claimed.email);
    await this.record({ id: userId, email: claimed.email }, 'operator.accept', claimed.email, {});
    return { email: claimed.email };
  }

  /** `npm run admin:remove`: the account keeps its orders but loses the role and its sessions. */
  async remove(
    rawEmail: string,
    actor: CommandActor,
  ): Promise<{ outcome: 'removed' | 'not-admin'; email: string }> {
    const email = emailKey(rawEmail);
    const ctx = await this.deps.auth.$context;
    const found = await ctx.internalAdapter.findUserByEmail(email);
    // A link on its way must not make the account an operator again.
    await this.voidInvitations(email);
    if (!found) throw new Error(OPERATOR_MESSAGES.noAccount);
    if (roleOf(found.user) !== 'admin') return { outcome: 'not-admin', email };
    await ctx.internalAdapter.updateUser(found.user.id, { role: 'customer' });
    await ctx.internalAdapter.deleteUserSessions(found.user.id);
    await this.record(actor, 'operator.remove', email, {});
    return { outcome: 'removed', email };
  }

  private async voidInvitations(email: string): Promise<void> {
    await this.deps.invitations.voidFor(email, this.deps.clock.now());
  }

  private async record(
    actor: CommandActor,
    action: AuditAction,
    subject: string,
    details: Record<string, unknown>,
    tx?: DbExecutor,
  ): Promise<void> {
    await this.deps.audit.record(actor, action, subject, details, tx);
  }
}
