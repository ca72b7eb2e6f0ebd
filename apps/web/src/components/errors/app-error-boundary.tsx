import { Box } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '#src/lib/error-reporting.ts';
import { describeError } from './describe-error.ts';
import { ErrorPage } from './error-page.tsx';

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Last-resort boundary above the router (A1's root level): catches failures of providers or
 * the router itself. The home button clears the error and reloads the app at „/".
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    reportError(error);
  }

  private readonly goHome = () => {
    this.setState({ error: null, hasError: false });
    window.location.assign('/');
  };

  override render() {
    if (!this.state.hasError) return this.props.children;
    const { status, message } = describeError(this.state.error);
    return (
      <Box as="main" maxW="6xl" mx="auto" px={{ base: '4', md: '6' }}>
        <ErrorPage status={status} message={message} onGoHome={this.goHome} />
      </Box>
    );
  }
}
