/** What other features use of the account pages. */
export { AccountForm } from './account-form.js';
export { SignedIn } from './signed-in.js';
export { TwoFactorSetup } from './two-factor-setup.js';
