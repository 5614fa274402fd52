import { useEffect, useState } from 'react';
import {
  getEmailSettings,
  setEmailSettings,
  type EmailSettings,
} from '#src/domain/api/tracking.js';
import { hrefOf } from '#src/domain/site-links.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { PageLoading } from '../../components/ui/spinner.js';
import { callApi } from '../../lib/api.js';
import { errorMessage } from '../../lib/error-message.js';
import { Link, useParams } from '../../lib/router.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { TrackingEmails } from './tracking-emails.js';
import './tracking.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; settings: EmailSettings }
  | { state: 'error'; message: string };

/**
 * `/emails/:token`: the one setting an optional tracking email's "turn off" link opens, by a link
 * signed for it alone (docs/tracking.md, "Who sees what"): the reminder and the progress updates.
 */
export function EmailSettingsPage() {
  const { token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  usePageTitle(SITE_PAGES.emailSettings.title);

  useEffect(() => {
    const controller = new AbortController();
    callApi(getEmailSettings, { params: { token }, signal: controller.signal })
      .then((settings) => setLoad({ state: 'ready', settings }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [token]);

  return (
    <section className="page container tracking-page">
      <h1>{SITE_PAGES.emailSettings.title}</h1>
      {load.state === 'loading' && <PageLoading label="Loading your email choices" />}
      {load.state === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>{load.message}</p>
        </div>
      )}
      {load.state === 'ready' && (
        <>
          <p className="lead">
            Booking <strong data-testid="order-reference">{load.settings.reference}</strong>
          </p>
          <TrackingEmails
            initial={load.settings.emails}
            arrived
            save={(choice) => callApi(setEmailSettings, { params: { token }, body: choice })}
          />
        </>
      )}
      <p>
        <Link to={hrefOf('track')}>Track your boxes</Link>
      </p>
    </section>
  );
}
