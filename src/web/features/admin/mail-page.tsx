import { useState } from 'react';
import {
  discardAdminMail,
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
import { RestorePanel } from './restore-panel.js';

const FILTER_LABELS: Record<MailFilter, string> = {
  all: 'All',
  waiting: 'Waiting',
  held: 'Held',
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
  held: 'Held after a restore',
  discarded: 'Discarded',
};

/** What an operator may do with an email, by its state: the button's words and the dialog's. */
type Choice = { mail: AdminMail; action: 'send' | 'discard' };

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
  const [choice, setChoice] = useState<Choice | null>(null);
  const chosen = choice?.mail ?? null;
  const setChosen = (mail: AdminMail | null, action: Choice['action'] = 'send') =>
    setChoice(mail ? { mail, action } : null);
  const [result, setResult] = useState<string | null>(null);

  return (
    <section className="page container console">
      <ConsoleNav current="mail" />
      <h1>Mail</h1>
      <p>
        Every email the site sends waits here until it is delivered. A <strong>failed</strong> one
        was refused or ran out of attempts: retry it once the cause is fixed. One whose delivery is{' '}
        <strong>unknown</strong> was interrupted after the mail server may already have taken it:
        sending it again may give the recipient two copies. A <strong>held</strong> one was waiting
        when the site’s data was restored from a backup: the site before the restore may have sent
        it already, so it is sent or discarded only by you.
      </p>
      <RestorePanel />
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
                      {m.status === 'held' && (
                        <>
                          {(['send', 'discard'] as const).map((action) => (
                            <button
                              key={action}
                              type="button"
                              className="button button--secondary"
                              onClick={() => {
                                setResult(null);
                                setChosen(m, action);
                              }}
                            >
                              {action === 'send' ? 'Send' : 'Discard'}
                              <span className="visually-hidden">: {m.subject}</span>
                            </button>
                          ))}
                        </>
                      )}
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
        title={dialogTitle(choice)}
        confirmLabel={confirmLabel(choice)}
        onClose={() => setChosen(null)}
        action={async () => {
          if (!choice) return;
          const { mail, action } = choice;
          try {
            if (action === 'discard') {
              await callApi(discardAdminMail, {
                params: { id: mail.id },
                body: { expected: 'held' },
              });
              setResult(`“${mail.subject}” to ${mail.to} is discarded: it will not be sent.`);
            } else if (
              mail.status === 'failed' ||
              mail.status === 'unknown' ||
              mail.status === 'held'
            ) {
              await callApi(retryAdminMail, {
                params: { id: mail.id },
                body:
                  mail.status === 'unknown'
                    ? { expected: 'unknown', mayArriveTwice: true }
                    : { expected: mail.status },
              });
              setResult(
                `“${mail.subject}” to ${mail.to} is queued to be sent${mail.status === 'held' ? '' : ' again'}.`,
              );
            }
            setChosen(null);
          } finally {
            reload();
          }
        }}
      >
        {choice && (
          <>
            <p>
              {choice.action === 'discard'
                ? `“${choice.mail.subject}” to ${choice.mail.to} will never be sent.`
                : `“${choice.mail.subject}” to ${choice.mail.to} goes back in the queue and is sent within a few seconds.`}
            </p>
            {choice.mail.status === 'unknown' && (
              <p>
                <strong>It may already have been delivered:</strong> the recipient may get it twice.
              </p>
            )}
            {choice.mail.status === 'held' && choice.action === 'send' && (
              <p>
                <strong>The site before the restore may have sent it:</strong> the recipient may get
                it twice.
              </p>
            )}
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}

function dialogTitle(choice: Choice | null): string {
  if (choice?.action === 'discard') return 'Discard this email?';
  if (choice?.mail.status === 'held') return 'Send this email?';
  return choice?.mail.status === 'unknown' ? 'Send this email again?' : 'Retry this email?';
}

function confirmLabel(choice: Choice | null): string {
  if (choice?.action === 'discard') return 'Yes, discard it';
  if (choice?.mail.status === 'held') return 'Yes, send it';
  return choice?.mail.status === 'unknown' ? 'Yes, send it again' : 'Yes, retry it';
}
