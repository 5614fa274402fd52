export { TermsPage } from '../features/info/terms-page.js';
