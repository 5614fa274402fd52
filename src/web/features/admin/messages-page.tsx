import { Fragment, useState } from 'react';
import {
  listAdminMessages,
  markAdminMessage,
  MESSAGE_FILTERS,
  type AdminMessage,
  type MessageFilter,
} from '#src/domain/api/admin/messages.js';
import { callApi } from '../../lib/api.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { LoadState } from './load-state.js';
import { ConsoleNav, StaffOnly } from './staff-only.js';
import { useLoad } from './use-load.js';
import { errorMessage } from '../../lib/error-message.js';
import { formatLondon } from '#src/domain/london-time.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { hrefOf } from '#src/domain/site-links.js';
import { Link } from '../../lib/router.js';
import { FilterLinks, useFilter } from './filter-links.js';

const FILTER_LABELS: Record<MessageFilter, string> = {
  all: 'All',
  unread: 'Unread',
  read: 'Read',
};

/** `/admin/messages`: what visitors sent through "Contact us", newest first. */
export function AdminMessagesPage() {
  usePageTitle(SITE_PAGES.adminMessages.title);
  return <StaffOnly>{() => <MessagesView />}</StaffOnly>;
}

function MessagesView() {
  const filter = useFilter(MESSAGE_FILTERS);
  const [load, , replace] = useLoad(
    (signal) => callApi(listAdminMessages, { query: { filter }, signal }),
    filter,
  );
  return (
    <section className="page container console">
      <ConsoleNav current="messages" />
      <h1>Messages</h1>
      <FilterLinks
        page="adminMessages"
        label="Show messages"
        filters={MESSAGE_FILTERS}
        labels={FILTER_LABELS}
        current={filter}
        countOf={(f) => (f === 'unread' && load.state === 'ready' ? load.data.unread : null)}
      />
      <LoadState load={load} what="messages" />
      {load.state === 'ready' &&
        (load.data.messages.length === 0 ? (
          <p>
            {filter === 'unread'
              ? 'Every message has been read.'
              : filter === 'read'
                ? 'No message has been read yet.'
                : 'No one has sent a message yet.'}
          </p>
        ) : (
          <ol className="message-list" aria-label="Messages, newest first">
            {load.data.messages.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                onChanged={(next) => {
                  // The list stays as it is (a message read here does not vanish from
                  // "Unread"); the count follows.
                  const data = load.data;
                  const wasUnread = data.messages.find((x) => x.id === next.id)?.readAt === null;
                  const isUnread = next.readAt === null;
                  replace({
                    messages: data.messages.map((x) => (x.id === next.id ? next : x)),
                    unread: data.unread + (isUnread ? 1 : 0) - (wasUnread ? 1 : 0),
                  });
                }}
              />
            ))}
          </ol>
        ))}
    </section>
  );
}

function replyLink(m: AdminMessage): string {
  const subject = encodeURIComponent('Re: your message to BoxAbroad');
  const quoted = m.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const body = encodeURIComponent(
    `Hello ${m.firstName},\n\n\n\nOn ${formatLondon(m.receivedAt, 'short')} you wrote:\n${quoted}`,
  );
  return `mailto:${encodeURIComponent(m.email).replace(/%40/g, '@')}?subject=${subject}&body=${body}`;
}

/** One message: who, when, its text on demand; opening an unread one marks it read. */
function MessageItem({
  message: current,
  onChanged,
}: {
  message: AdminMessage;
  onChanged: (next: AdminMessage) => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = `${current.firstName} ${current.lastName}`.trim();
  const unread = current.readAt === null;
  const bodyId = `message-${current.id}`;

  const mark = async (read: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      onChanged(await callApi(markAdminMessage, { params: { id: current.id }, body: { read } }));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && unread) void mark(true);
  };

  return (
    <li className={`message${unread ? ' message--unread' : ''}`}>
      <div className="message__head">
        <h2 className="message__from">
          {name}
          {current.company && <span className="muted"> ({current.company})</span>}
        </h2>
        <span className={`status ${unread ? 'status--unread' : 'status--read'}`}>
          {unread ? 'Unread' : 'Read'}
        </span>
      </div>
      <p className="message__meta">
        <time dateTime={current.receivedAt}>{formatLondon(current.receivedAt, 'short')}</time> ·{' '}
        {current.email}
        {current.phone && ` · ${current.phone}`}
        {current.newsOptIn && ' · wants news'}
      </p>
      {current.orders.length > 0 && (
        <p className="message__orders">
          About{' '}
          {current.orders.map((order, index) => (
            <Fragment key={order.id}>
              {index > 0 && ', '}
              <Link to={hrefOf('adminOrder', { id: order.id })}>order {order.reference}</Link>
            </Fragment>
          ))}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={toggle}
        >
          {open ? 'Hide message' : 'Read message'}
          <span className="visually-hidden"> from {name}</span>
        </button>
        <a className="button button--secondary" href={replyLink(current)}>
          Reply by email<span className="visually-hidden"> to {name}</span>
        </a>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void mark(unread)}
        >
          {unread ? 'Mark as read' : 'Mark as unread'}
          <span className="visually-hidden"> (message from {name})</span>
        </button>
      </div>
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
      <div id={bodyId} hidden={!open} className="message__body">
        {current.message}
      </div>
    </li>
  );
}
