import { AcceptInvitationForm } from '../features/account/auth-pages.js';

export function AdminAcceptPage() {
  return <AcceptInvitationForm />;
}
