import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { replace, Link as RouterLink, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { href } from '#src/config/paths.ts';
import { publicRequestQueryOptions } from '#src/features/public-support/api/public-support-queries.ts';
import { OpenRequestForm } from '#src/features/public-support/components/open-request-form.tsx';
import { RequestDetail } from '#src/features/public-support/components/request-detail.tsx';
import { rememberedRequest, rememberRequest } from '#src/features/public-support/utils/remembered-requests.ts';
import { errorMessage, isApiError } from '#src/lib/errors.ts';
import '#src/features/public-support/i18n.ts';

type LoaderData =
  | { state: 'found'; code: string }
  /** Wrong code and unknown id alike: the API cannot tell them apart, and neither does this page. */
  | { state: 'notFound' }
  | { state: 'needsCode' }
  | { state: 'limited'; message: string };

/**
 * The access code comes from the address (`?code=`: the e-mail link and the open form) or from
 * this browser's remembered list (the list's links carry no code). A request opened with the code
 * in the address is remembered, and the page redirects to its address without the code, so the
 * code stays out of the history, bookmarks and screenshots; if the browser refuses to store it,
 * the code stays in the address so that a reload still works.
 */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs): Promise<LoaderData | Response> => {
    const id = Number(params.id);
    const fromAddress = new URL(request.url).searchParams.get('code')?.trim() || null;
    const code = fromAddress ?? rememberedRequest(id)?.code ?? null;
    if (code === null) return { state: 'needsCode' };
    try {
      const found = await queryClient.ensureQueryData(publicRequestQueryOptions(id, code));
      if (fromAddress !== null) {
        const stored = rememberRequest({
          id,
          code,
          subject: found.subject,
          created: found.created_at,
          category: found.category,
        });
        if (stored) return replace(href('publicSupportDetail', { id }));
      }
      return { state: 'found', code };
    } catch (error) {
      if (isApiError(error) && error.status === 404) return { state: 'notFound' };
      // Too many wrong codes from this address: the BFF's Czech message says so.
      if (isApiError(error) && error.status === 429) return { state: 'limited', message: errorMessage(error) };
      throw error;
    }
  };

/** `/verejna-podpora/{id}`: one public request, read with its access code. */
export default function PublicSupportDetailRoute() {
  const { t } = useTranslation('publicSupport');
  const { id = '' } = useParams();
  const data = useLoaderData<LoaderData>();
  const back = (
    <Link asChild color="brand.fg" alignSelf="flex-start">
      <RouterLink to={href('publicSupport')}>← {t('detail.back')}</RouterLink>
    </Link>
  );

  if (data.state === 'found') {
    return (
      <Stack gap="4">
        <PageTitle title={t('detail.title', { id })} />
        {back}
        <RequestDetail id={Number(id)} code={data.code} />
      </Stack>
    );
  }

  const message =
    data.state === 'notFound'
      ? t('detail.notFound', { id })
      : data.state === 'limited'
        ? data.message
        : t('detail.needsCode', { id });
  const failed = data.state !== 'needsCode';
  return (
    <Stack gap="6">
      <PageTitle title={failed ? message : t('detail.title', { id })} error={failed} />
      {back}
      <Stack gap="2">
        {data.state === 'notFound' ? (
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('detail.notFoundTitle')}
          </Heading>
        ) : (
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {data.state === 'limited' ? t('detail.limited') : t('detail.title', { id })}
          </Heading>
        )}
        <Text fontSize="lg" {...(failed ? { role: 'alert' } : {})}>
          {message}
        </Text>
        {data.state === 'notFound' ? (
          // What usually went wrong, so the visitor can fix it instead of guessing.
          <>
            <Text>{t('detail.checkTitle')}</Text>
            <Stack as="ul" gap="1" ps="5" listStyleType="disc">
              <li>{t('detail.checkId', { id })}</li>
              <li>{t('detail.checkCode')}</li>
              <li>{t('detail.checkLink')}</li>
            </Stack>
          </>
        ) : null}
      </Stack>
      {/* Keyed by the outcome, so a second wrong attempt starts from a fresh form. */}
      <OpenRequestForm key={`${data.state}-${id}`} defaultId={id} />
    </Stack>
  );
}
