import { useState } from 'react';
import {
  listAdminMail,
  MAIL_FILTERS,
  retryAdminMail,
  type AdminMail,
  type MailFilter,
} from '#src/domain/api/admin/mail.js';
import { callApi } from '../../lib/api.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { LoadState } from './load-state.js';
import { ConsoleNav, StaffOnly } from './staff-only.js';
import { useLoad } from './use-load.js';
import { emailKindText } from '#src/domain/email-kinds.js';
import { formatLondon } from '#src/domain/london-time.js';
import { ColumnHeads } from '../../components/ui/column-heads.js';
import { SuccessNotice } from '../../components/ui/success-notice.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { FilterLinks, useFilter } from './filter-links.js';

const FILTER_LABELS: Record<MailFilter, string> = {
  all: 'All',
  waiting: 'Waiting',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Unknown',
};

const STATUS_TEXT: Record<AdminMail['status'], string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Unknown',
};

/** `/admin/mail`: the outbox: what is waiting, sent, failed, or of unknown delivery. */
export function AdminMailPage() {
  usePageTitle(SITE_PAGES.adminMail.title);
  return <StaffOnly>{() => <MailView />}</StaffOnly>;
}

function MailView() {
  const filter = useFilter(MAIL_FILTERS);
  const [load, reload] = useLoad(
    (signal) => callApi(listAdminMail, { query: { filter }, signal }),
    filter,
  );
  const [chosen, setChosen] = useState<AdminMail | null>(null);
  const [result, setResult] = useState<string | null>(null);

  return (
    <section className="page container console">
      <ConsoleNav current="mail" />
      <h1>Mail</h1>
      <p>
        Every email the site sends waits here until it is delivered. A <strong>failed</strong> one
        was refused or ran out of attempts: retry it once the cause is fixed. One whose delivery is{' '}
        <strong>unknown</strong> was interrupted after the mail server may already have taken it:
        sending it again may give the recipient two copies.
      </p>
      <FilterLinks
        page="adminMail"
        label="Show emails"
        filters={MAIL_FILTERS}
        labels={FILTER_LABELS}
        current={filter}
        countOf={(f) => (f !== 'all' && load.state === 'ready' ? load.data.counts[f] : null)}
      />
      <SuccessNotice message={result} />
      <LoadState load={load} what="the outbox" />
      {load.state === 'ready' &&
        (load.data.mail.length === 0 ? (
          <p>No email here.</p>
        ) : (
          <div className="table-scroll mail-scroll" tabIndex={0} role="region" aria-label="Emails">
            <table className="mail-table">
              <caption className="visually-hidden">Emails, newest first</caption>
              <ColumnHeads names={['Subject', 'To', 'Status', 'Queued', 'Attempts', 'Action']} />
              <tbody>
                {load.data.mail.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">
                      {m.subject}
                      <span className="muted"> ({emailKindText(m.kind)})</span>
                    </th>
                    <td>{m.to}</td>
                    <td>
                      <span className={`status status--mail-${m.status}`}>
                        {STATUS_TEXT[m.status]}
                      </span>
                      {m.sentAt && (
                        <span className="muted"> {formatLondon(m.sentAt, 'short')}</span>
                      )}
                      {m.serverQueueId && (
                        <span className="muted mail-queue-id"> queue id {m.serverQueueId}</span>
                      )}
                      {m.lastError && m.status !== 'sent' && (
                        <span className="mail-error">{m.lastError}</span>
                      )}
                    </td>
                    <td>{formatLondon(m.createdAt, 'short')}</td>
                    <td>{m.attempts}</td>
                    <td>
                      {(m.status === 'failed' || m.status === 'unknown') && (
                        <button
                          type="button"
                          className="button button--secondary"
                          onClick={() => {
                            setResult(null);
                            setChosen(m);
                          }}
                        >
                          {m.status === 'failed' ? 'Retry' : 'Send again'}
                          <span className="visually-hidden">: {m.subject}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      <ConfirmDialog
        open={chosen !== null}
        title={chosen?.status === 'unknown' ? 'Send this email again?' : 'Retry this email?'}
        confirmLabel={chosen?.status === 'unknown' ? 'Yes, send it again' : 'Yes, retry it'}
        onClose={() => setChosen(null)}
        action={async () => {
          if (!chosen || (chosen.status !== 'failed' && chosen.status !== 'unknown')) return;
          try {
            await callApi(retryAdminMail, {
              params: { id: chosen.id },
              body:
                chosen.status === 'unknown'
                  ? { expected: 'unknown', mayArriveTwice: true }
                  : { expected: 'failed' },
            });
            setResult(`“${chosen.subject}” to ${chosen.to} is queued to be sent again.`);
            setChosen(null);
          } finally {
            reload();
          }
        }}
      >
        {chosen && (
          <>
            <p>
              “{chosen.subject}” to {chosen.to} goes back in the queue and is sent within a few
              seconds.
            </p>
            {chosen.status === 'unknown' && (
              <p>
                <strong>It may already have been delivered:</strong> the recipient may get it twice.
              </p>
            )}
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
