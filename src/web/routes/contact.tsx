export { ContactPage } from '../features/contact/contact-page.js';
