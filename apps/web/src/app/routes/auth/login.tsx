import { Box, Heading, Link, Text } from '@chakra-ui/react';
import type { Session } from '@portal/sdk/client';
import { toast } from '@portal/ui/toast';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '#src/config/paths.ts';
import { LoginForm } from '#src/features/auth/components/login-form.tsx';
import { planAfterLogin } from '#src/features/auth/utils/after-login.ts';
import { selectTenant } from '#src/features/tenants/api/select-tenant.ts';
import { errorMessage } from '#src/lib/errors.ts';
import { useRuntimeConfig } from '#src/lib/runtime-config.ts';
import { setSession } from '#src/lib/session.ts';
import type { LoginNotice } from './new-password.tsx';
import '#src/features/auth/i18n.ts';

export default function LoginRoute() {
  const { t } = useTranslation(['auth', 'common']);
  const config = useRuntimeConfig();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { state } = useLocation() as { state: Partial<LoginNotice> | null };
  const passwordChanged = state?.notice === 'passwordChanged';

  const onLoggedIn = async (session: Session) => {
    setSession(queryClient, session);
    const plan = planAfterLogin({
      session,
      redirect: searchParams.get('redirect'),
      // Without the tenant selection (tenantLogin off) the BFF selects no tenant either (404).
      hideTenantLogin: config.hideTenantLogin || !config.features.tenantLogin,
    });
    if (plan.selectTenantId) {
      try {
        setSession(queryClient, await selectTenant(plan.selectTenantId));
      } catch (error) {
        // docs/product.md §2 (After login): failing to set up the tenant after login falls back to the tenant page.
        toast.add({ severity: 'error', summary: t('common:errors.title'), detail: errorMessage(error) });
        await navigate(plan.fallback, { replace: true });
        return;
      }
    }
    await navigate(plan.to, { replace: true });
  };

  return (
    <LoginForm
      title={t('login.title')}
      header={
        <>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="2">
            {t('login.title')}
          </Heading>
          {passwordChanged ? (
            <Box
              role="status"
              mb="4"
              p="4"
              borderWidth="1px"
              borderLeftWidth="4px"
              borderColor="green.solid"
              borderRadius="l2"
              color="fg.success"
              fontWeight="semibold"
            >
              {t('login.passwordChanged')}
            </Box>
          ) : null}
          <Text mb="6">{t('login.intro')}</Text>
        </>
      }
      footer={
        <Link asChild variant="underline" alignSelf="flex-start">
          <RouterLink to={ROUTES.passwordReset.path}>{t('login.forgotPassword')}</RouterLink>
        </Link>
      }
      onLoggedIn={onLoggedIn}
    />
  );
}
