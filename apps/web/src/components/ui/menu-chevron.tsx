import { Box } from '@chakra-ui/react';

/** Tells sighted users the button opens a menu (aria-haspopup does it for assistive tech). */
export function MenuChevron() {
  return (
    <Box as="span" aria-hidden="true" fontSize="xs" color="fg.muted">
      ▾
    </Box>
  );
}
