export { accountsRoutes } from './accounts.routes.js';
export type { AccountEvents } from './accounts.routes.js';
export { operatorAccountsRoutes } from './operator-accounts.routes.js';
export { signUpRoutes } from './sign-up.routes.js';
export { twoFactorRoutes } from './two-factor.routes.js';
export { authSecret } from './app-secret.js';
export { SignUpService } from './sign-up.service.js';
export {
  operatorCommandHandlers,
  runOperatorCommand,
  sendOperatorCommand,
  type OperatorCommand,
  type OperatorReply,
} from './operator-channel.js';
export { AccountsService } from './accounts.service.js';
export { createAuth, COOKIE_PREFIX } from './auth.js';
export {
  ADMIN_CREATE_ACTOR,
  OperatorAccounts,
  type CreateAdminInput,
} from './operator-accounts.js';
export { OperatorInvitationsRepository } from './operator-invitations.repository.js';
export { TwoFactorService } from './two-factor.service.js';
export { purgeExpiredSignUpsJob } from './jobs/purge-expired-sign-ups.job.js';
export { resendSignUpLinkJob } from './jobs/resend-sign-up-link.job.js';
export { sendPasswordResetJob } from './jobs/send-password-reset.job.js';
export { TotpSteps } from './totp-steps.js';
export type { OperatorSessionLimits } from './session-activity.js';
