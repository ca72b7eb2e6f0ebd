import { Box, Text } from '@chakra-ui/react';
import { create } from 'qrcode';
import { useMemo } from 'react';

/** Quiet zone around the code, in modules (the QR Platba graphic manual asks for 4). */
const QUIET_ZONE = 4;

/**
 * The dark modules of a QR code as one SVG path, one rectangle per horizontal run of dark
 * modules (a third of the commands of one square per module). Rendered as inline SVG by React
 * (no innerHTML, no data URL), so it stays sharp at any zoom and prints well.
 */
export function qrPath(text: string): { size: number; path: string } {
  // Error-correction level M, as the QR Platba specification requires.
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${column - start}v1h-${column - start}z`;
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path };
}

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
