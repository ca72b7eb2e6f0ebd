import { useEffect, useState } from 'react';

/**
 * A `blob:` address for `blob` while the component shows it, revoked afterwards, so previews
 * do not pile up in memory. The portal's CSP allows `blob:` images (apps/bff security headers).
 */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<{ blob: Blob; url: string }>();
  // Creating and revoking the address is a resource's lifetime, not derived state: it must be
  // released when the blob changes or the component goes (StrictMode mounts twice).
  useEffect(() => {
    if (blob === undefined) return undefined;
    const created = URL.createObjectURL(blob);
    setUrl({ blob, url: created });
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url !== undefined && url.blob === blob ? url.url : undefined;
}
