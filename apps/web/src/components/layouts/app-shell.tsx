import { Box, Container, Flex, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export const MAIN_CONTENT_ID = 'obsah';

/**
 * Page frame: skip link, header (brand, account controls, main menu), main landmark. Phone first:
 * at 360 px the controls wrap under the brand instead of overflowing.
 */
export function AppShell({
  actions,
  menu,
  children,
}: {
  actions?: ReactNode;
  /** The main menu, shown as a row under the brand. */
  menu?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100dvh">
      <Link
        href={`#${MAIN_CONTENT_ID}`}
        position="absolute"
        left="2"
        top="2"
        zIndex="skipNav"
        px="4"
        py="2"
        bg="bg"
        borderWidth="2px"
        borderColor="brand.solid"
        borderRadius="l2"
        fontWeight="semibold"
        transform="translateY(-200%)"
        _focusVisible={{ transform: 'none', outline: '3px solid', outlineColor: 'brand.focusRing' }}
        onClick={(event) => {
          // Move focus explicitly: a hash jump alone leaves focus behind in some browsers.
          event.preventDefault();
          document.getElementById(MAIN_CONTENT_ID)?.focus();
        }}
      >
        {t('skipLink')}
      </Link>
      <Box as="header" borderBottomWidth="1px" borderColor="border" bg="bg">
        <Container
          maxW="6xl"
          px={{ base: '4', md: '6' }}
          py="3"
          display="flex"
          flexWrap="wrap"
          alignItems="center"
          justifyContent="space-between"
          gap="3"
        >
          <Link
            asChild
            fontWeight="bold"
            fontSize={{ base: 'lg', md: 'xl' }}
            color="brand.fg"
            textDecoration="none"
            _hover={{ textDecoration: 'underline' }}
          >
            <RouterLink to="/">{t('appName')}</RouterLink>
          </Link>
          {actions ? (
            <Box as="nav" aria-label={t('header.navLabel')} display="flex" flexWrap="wrap" gap="2" alignItems="center">
              {actions}
            </Box>
          ) : null}
          {menu ? <Box flexBasis="100%">{menu}</Box> : null}
        </Container>
      </Box>
      <Container
        as="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        flex="1"
        maxW="6xl"
        px={{ base: '4', md: '6' }}
        pt={{ base: '6', md: '10' }}
        // Room below the last control so the bottom-left toasts never cover it (WCAG 2.4.11).
        pb="32"
        outline="none"
      >
        {children}
      </Container>
    </Flex>
  );
}
