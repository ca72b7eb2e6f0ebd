import { toast } from '@portal/ui/toast';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The Toaster (zag toast machine) is downloaded when the first toast is raised, not at start-up
// (docs/decisions/007-prerendered-public-pages.md). Toasts raised meanwhile are shown once it mounts.
const Toaster = lazy(async () => ({ default: (await import('@portal/ui/toaster')).Toaster }));

export function ToasterHost() {
  const { t } = useTranslation();
  const [needed, setNeeded] = useState(false);
  useEffect(() => toast.onFirstToast(() => setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster label={t('toast.region')} closeLabel={t('toast.close')} />
    </Suspense>
  );
}
