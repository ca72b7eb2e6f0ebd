import { Box, Text } from '@chakra-ui/react';
import { qrPath } from '@portal/payments/qr-path';
import { useMemo } from 'react';

/**
 * A QR Platba code for a SPAYD string, with the „QR platba" label the banks' graphic manual
 * asks for. `label` is the text alternative: what the code pays, in words, for people who
 * cannot scan it (the same details are also shown as text beside it).
 */
export function PaymentQr({ spayd, label, caption }: { spayd: string; label: string; caption: string }) {
  const { size, path } = useMemo(() => qrPath(spayd), [spayd]);
  return (
    <Box
      as="figure"
      data-testid="payment-qr"
      data-spayd={spayd}
      display="inline-flex"
      flexDirection="column"
      alignItems="center"
      borderWidth="1.5pt"
      borderColor="fg"
      borderRadius="l2"
      bg="white"
      p="2"
      m="0"
    >
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${size} ${size}`}
        width="220"
        height="220"
        shapeRendering="crispEdges"
        style={{ maxWidth: '100%', height: 'auto' }}
      >
        <rect width={size} height={size} fill="#ffffff" />
        <path d={path} fill="#000000" />
      </svg>
      <Text as="figcaption" fontFamily="Arial, sans-serif" fontWeight="bold" color="black" mt="1">
        {caption}
      </Text>
    </Box>
  );
}
