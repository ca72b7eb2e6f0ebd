import { PasswordResetRequestForm } from '#src/features/auth/components/password-reset-request-form.tsx';

/** `/zapomenute-heslo`: asks for a password reset link (public). */
export default function PasswordResetRoute() {
  return <PasswordResetRequestForm />;
}
