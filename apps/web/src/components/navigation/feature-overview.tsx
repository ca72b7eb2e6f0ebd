import { Box, Heading, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ROUTES } from '#src/config/paths.ts';
import type { MainMenuEntry } from './main-menu-entries.ts';

/** The home page's overview: one card per menu entry, with a sentence on what it is for. */
export function FeatureOverview({ entries, headingId }: { entries: readonly MainMenuEntry[]; headingId: string }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="3">
        {t('mainMenu.overviewTitle')}
      </Heading>
      <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="3" listStyleType="none" m="0" p="0">
        {entries.map((key) => (
          <LinkBox
            as="li"
            key={key}
            borderWidth="1px"
            borderColor="border"
            borderRadius="l3"
            p="4"
            _hover={{ borderColor: 'brand.solid' }}
            _focusWithin={{ outline: '3px solid', outlineColor: 'brand.focusRing' }}
          >
            <Heading as="h3" size="md">
              <LinkOverlay asChild color="brand.fg" _focusVisible={{ outline: 'none' }}>
                <RouterLink to={ROUTES[key].path}>{t(`mainMenu.entries.${key}.title`)}</RouterLink>
              </LinkOverlay>
            </Heading>
            <Text mt="1" color="fg.muted">
              {t(`mainMenu.entries.${key}.description`)}
            </Text>
          </LinkBox>
        ))}
      </SimpleGrid>
    </Box>
  );
}
