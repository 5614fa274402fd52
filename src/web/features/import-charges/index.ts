/** The import charges estimate (decision 110): what other features show of it. */
export { GiftAllowanceLine } from './gift-allowance-line.js';
export { ImportChargesEstimate } from './import-charges-estimate.js';
export { ImportChargesInfo } from './import-charges-info.js';
export { PersonalEffectsDocuments } from './personal-effects-documents.js';
