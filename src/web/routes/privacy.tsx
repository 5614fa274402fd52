export { PrivacyPage } from '../features/info/privacy-page.js';
