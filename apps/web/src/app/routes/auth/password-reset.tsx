import { PasswordResetRequestForm } from '#src/features/auth/components/password-reset-request-form.tsx';
import '#src/features/auth/i18n.ts';

/** `/zapomenute-heslo`: asks for a password reset link (public). */
export default function PasswordResetRoute() {
  return <PasswordResetRequestForm />;
}
