export { AcceptInvitationForm } from '../features/account/auth-pages.js';
