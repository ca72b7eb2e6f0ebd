import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForNewBuild } from '#src/lib/chunk-reload.ts';
import { describeError } from './describe-error.ts';
import { ErrorPage } from './error-page.tsx';

/** Route-level error element: renders the error page inside the layout that survived. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (!chunkError) console.error(error);
  }, [chunkError, error]);

  if (chunkError && reloadForNewBuild()) return null;

  const { status, message } = describeError(error);
  // Navigating away resets the router's error state ("clears the error").
  return <ErrorPage status={status} message={message} onGoHome={() => void navigate('/')} />;
}
