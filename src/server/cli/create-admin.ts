import { openOperatorAccounts, type OperatorCommandDeps } from '../operator-commands.js';
import { ADMIN_CREATE_ACTOR, type CreateAdminInput } from '../modules/accounts/index.js';

export type { CreateAdminInput } from '../modules/accounts/index.js';

/**
 * What `npm run admin:create` does (docs/operators.md): a new account is created as a verified
 * admin. An email that already has an account is NOT promoted: it is sent a one-time invitation
 * (`invited: true`). The browser tests create their admin with this same function.
 */
export async function createOrPromoteAdmin(
  deps: OperatorCommandDeps,
  input: CreateAdminInput,
): Promise<{ created: boolean; invited: boolean; userId: string }> {
  const { operators, close } = await openOperatorAccounts(deps);
  try {
    const result = await operators.createOrInvite(input, ADMIN_CREATE_ACTOR);
    return {
      created: result.outcome === 'created',
      invited: result.outcome === 'invited',
      userId: result.userId,
    };
  } finally {
    await close();
  }
}
