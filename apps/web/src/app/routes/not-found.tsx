import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorPage } from '#src/components/errors/error-page.tsx';

/** Unknown routes (docs/product.md §2; the Czech message of docs/product.md §2 instead of „Page Not Found"). */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <ErrorPage status={404} message={t('errors.notFound')} onGoHome={() => void navigate('/')} />;
}
