import { Table } from '@chakra-ui/react';

/**
 * The frame of a wide table: it scrolls on its own on a narrow screen, never the page
 * (WCAG 1.4.10), and takes the keyboard focus so it can be scrolled without a mouse. A region
 * by default; name it with `aria-labelledby` or `aria-label`, and pass `role="group"` where the
 * section around it is already the landmark of that name.
 */
export function TableScrollArea(props: Table.ScrollAreaProps) {
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderColor="border"
      borderRadius="l2"
      tabIndex={0}
      role="region"
      _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing' }}
      {...props}
    />
  );
}
