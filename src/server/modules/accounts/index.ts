export { accountsRoutes } from './accounts.routes.js';
export type { AccountEvents } from './accounts.routes.js';
export { operatorAccountsRoutes } from './operator-accounts.routes.js';
export { signUpRoutes } from './sign-up.routes.js';
export { twoFactorRoutes } from './two-factor.routes.js';
export { authSecret } from './app-secret.js';
export {
  SignUpService,
  PURGE_EXPIRED_SIGN_UPS_JOB,
  SIGN_UP_PURGE_INTERVAL_MS,
} from './sign-up.service.js';
export { startCommandChannel } from './command-channel.js';
export { AccountsService } from './accounts.service.js';
export { createAuth, COOKIE_PREFIX } from './auth.js';
export { OperatorAccounts } from './operator-accounts.js';
export { OperatorInvitationsRepository } from './operator-invitations.repository.js';
export { TwoFactorService } from './two-factor.service.js';
