import { useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '#src/config/paths.ts';
import { NewPasswordForm } from '#src/features/auth/components/new-password-form.tsx';
import '#src/features/auth/i18n.ts';

/** What the login page is told after a successful reset (router state, not a URL flag). */
export interface LoginNotice {
  notice: 'passwordChanged';
}

/**
 * `/zapomenute-heslo/change?uid=…&token=…`. The guard has already answered 404 when either
 * parameter is missing (docs/product.md §2), so both are present here.
 */
export default function NewPasswordRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const uid = searchParams.get('uid')?.trim() ?? '';
  const token = searchParams.get('token')?.trim() ?? '';
  const state: LoginNotice = { notice: 'passwordChanged' };
  return (
    <NewPasswordForm
      // A new link (another uid/token) starts with a fresh form.
      key={`${uid}:${token}`}
      uid={uid}
      token={token}
      onDone={() => navigate(ROUTES.login.path, { replace: true, state })}
    />
  );
}
