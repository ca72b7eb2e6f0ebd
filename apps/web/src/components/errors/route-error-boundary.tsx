import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForNewBuild } from '#src/lib/chunk-reload.ts';
import { reportError } from '#src/lib/error-reporting.ts';
import { describeError } from './describe-error.ts';
import { ErrorPage } from './error-page.tsx';

/** Route-level error element: renders the error page inside the layout that survived. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (chunkError) return;
    console.error(error);
    // Answers (404, 403…) are not faults of the portal; everything else is reported.
    if (describeError(error).status === undefined) reportError(error);
  }, [chunkError, error]);

  if (chunkError && reloadForNewBuild()) return null;

  const { status, message } = describeError(error);
  // Navigating away resets the router's error state ("clears the error").
  return <ErrorPage status={status} message={message} onGoHome={() => void navigate('/')} />;
}
