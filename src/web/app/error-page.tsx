import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from '../lib/router.js';
import { usePageTitle } from '../lib/use-page-title.js';
import { SiteChrome } from './site-layout.js';
import { SITE_PAGES } from '../../domain/site-routes.js';

interface ErrorViewProps {
  /** The error status or message (docs/product-rules.md: "with the error status or message"). */
  detail: string;
  notFound: boolean;
}

/** The router's fallback page (docs/product-rules.md): "Unexpected Application Error!" with the status or message. */
function ErrorView({ detail, notFound }: ErrorViewProps) {
  usePageTitle(notFound ? 'Page not found' : 'Unexpected Application Error!');
  return (
    <section className="page container error-page">
      <h1>Unexpected Application Error!</h1>
      <p className="error-page__detail">{detail}</p>
      <p>
        {notFound
          ? 'The page you asked for does not exist.'
          : 'Something went wrong while showing this page.'}{' '}
        You can go back to the <Link to={SITE_PAGES.home.path}>home page</Link> or{' '}
        <Link to={SITE_PAGES.contact.path}>contact us</Link>.
      </p>
    </section>
  );
}

/** Unknown routes: shown inside the site's header and footer. */
export function NotFoundPage() {
  return <ErrorView detail="404 Not Found" notFound />;
}

interface BoundaryState {
  error: Error | null;
}

/** Errors thrown while rendering any page: the same fallback page, with the error's message. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <SiteChrome>
        <ErrorView detail={this.state.error.message} notFound={false} />
      </SiteChrome>
    );
  }
}
