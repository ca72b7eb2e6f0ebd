import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorPage } from '#src/components/errors/error-page.tsx';

/** Unknown routes (spec §2; Czech message per DESIGN instead of „Page Not Found"). */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <ErrorPage status={404} message={t('errors.notFound')} onGoHome={() => void navigate('/')} />;
}
