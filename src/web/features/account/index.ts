/** What other features use of the account pages. */
export { AccountForm } from './account-form.js';
export { SignedIn } from './signed-in.js';
export { TwoFactorSetup } from './two-factor-setup.js';
/** The claim's files as a list of downloads: the customer's claim and the console's. */
export { EvidenceList } from './claim-evidence.js';
