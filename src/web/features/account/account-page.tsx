import { useEffect, useState } from 'react';
import {
  ChangeEmailSchema,
  ChangeNameSchema,
  ChangePasswordSchema,
  type SessionUser,
} from '#src/domain/accounts.js';
import {
  changeEmail,
  changeName,
  changePassword,
  getAccount,
  type Account,
} from '#src/domain/api/accounts.js';
import { listAccountOrders, type AccountOrder } from '#src/domain/api/my-orders.js';
import { deleteSavedItem, listSavedItems, type SavedItem } from '#src/domain/api/saved-items.js';
import { formatKg } from '#src/domain/items.js';
import { formatPence } from '#src/domain/money.js';
import { Spinner } from '../../components/ui/spinner.js';
import { callApi } from '../../lib/api.js';
import { Link } from '../../lib/router.js';
import { loadSession } from '../../lib/session.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { AccountForm, currentPasswordField, emailField, newPasswordField } from './account-form.js';
import { BookingsInProgress } from './bookings-in-progress.js';
import { SignedIn } from './signed-in.js';
import { TwoFactorSection } from './two-factor-account.js';
import { VerifyReminder } from './verify-reminder.js';
import { errorMessage } from '../../lib/error-message.js';
import { formatLondon } from '#src/domain/london-time.js';
import { orderStatusClass, orderStatusText } from '../../lib/order-status.js';
import './account.css';
import '../checkout/checkout.css';
import '../orders/orders.css';
import { AddressBookSection } from '../address-book/index.js';
import { hrefOf } from '#src/domain/site-links.js';
import { RowAction } from '../../components/ui/row-action.js';
import { SITE_PAGES } from '#src/domain/site-routes.js';
import { Flag, OrderFact, OrderLink } from './order-list-parts.js';

type Load<T> =
  { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; message: string };

/** `/account`: the customer's details, orders and bookings in progress (docs/accounts.md). */
export function AccountPage() {
  usePageTitle(SITE_PAGES.account.title);
  return <SignedIn>{(user) => <AccountOverview user={user} />}</SignedIn>;
}

function AccountOverview({ user }: { user: SessionUser }) {
  const [account, setAccount] = useState<Load<Account>>({ state: 'loading' });
  const [orders, setOrders] = useState<Load<AccountOrder[]>>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    callApi(getAccount, { signal })
      .then((data) => setAccount({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (!signal.aborted) setAccount({ state: 'error', message: errorMessage(error) });
      });
    callApi(listAccountOrders, { signal })
      .then((data) => setOrders({ state: 'ready', data: data.orders }))
      .catch((error: unknown) => {
        if (!signal.aborted) setOrders({ state: 'error', message: errorMessage(error) });
      });
    return () => controller.abort();
    // The session's user changes after a change of name or a verified email: read them again.
  }, [user.name, user.email, user.emailVerified]);

  return (
    <section className="page container account-page">
      <h1>Your account</h1>
      <p className="lead">Signed in as {user.name}.</p>
      <VerifyReminder user={user} />

      <section aria-labelledby="orders-title" className="account-page__section">
        <h2 id="orders-title">Your orders</h2>
        <OrdersList load={orders} />
      </section>

      <section aria-labelledby="drafts-title" className="account-page__section">
        {orders.state === 'ready' ? (
          <BookingsInProgress
            bookings={orders.data.filter((o) => o.inProgress)}
            onDiscarded={(id) =>
              setOrders((now) =>
                now.state === 'ready'
                  ? { state: 'ready', data: now.data.filter((o) => o.id !== id) }
                  : now,
              )
            }
          />
        ) : (
          <>
            <h2 id="drafts-title">Bookings in progress</h2>
            {orders.state === 'loading' ? (
              <Spinner label="Loading your bookings in progress" />
            ) : (
              <p className="field__error">{orders.message}</p>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="saved-title" className="account-page__section">
        <h2 id="saved-title" tabIndex={-1}>
          Saved items
        </h2>
        <SavedItems />
      </section>

      <AddressBookSection />
      <section aria-labelledby="details-title" className="account-page__section">
        <h2 id="details-title">Your details</h2>
        {account.state === 'loading' && <Spinner label="Loading your details" />}
        {account.state === 'error' && <p className="field__error">{account.message}</p>}
        {account.state === 'ready' && (
          <Details
            account={account.data}
            onChanged={(data) => setAccount({ state: 'ready', data })}
          />
        )}
      </section>

      <section aria-labelledby="two-factor-title" className="account-page__section">
        <h2 id="two-factor-title">Two-step sign-in</h2>
        <TwoFactorSection user={user} />
      </section>
    </section>
  );
}

/** The account's orders past payment; bookings in progress are listed apart (BookingsInProgress). */
function OrdersList({ load }: { load: Load<AccountOrder[]> }) {
  if (load.state === 'loading') return <Spinner label="Loading your orders" />;
  if (load.state === 'error') return <p className="field__error">{load.message}</p>;
  const orders = load.data.filter((o) => !o.inProgress);
  if (orders.length === 0) {
    return (
      <p>
        You have no orders yet. <Link to={hrefOf('home')}>Get a quote</Link> to send your boxes
        abroad.
      </p>
    );
  }
  return (
    <ul className="account-orders" aria-label="Orders">
      {orders.map((order) => (
        <li key={order.id} className="account-orders__item">
          <div className="account-orders__head">
            <OrderLink reference={order.reference} />
            <span
              className={`status-badge status-badge--${orderStatusClass(order)}`}
              data-testid="account-order-status"
            >
              {orderStatusText(order, 'customer')}
            </span>
          </div>
          <dl className="account-orders__facts">
            <OrderFact term="Date">{formatLondon(order.createdAt, 'day')}</OrderFact>
            <OrderFact term="To">
              <Flag path={order.destination.flagPath} /> {order.destination.title}
            </OrderFact>
            <OrderFact term="Boxes">{order.totalBoxes}</OrderFact>
            <OrderFact term="Total">
              {order.pricePence === null ? 'Not chosen yet' : formatPence(order.pricePence)}
            </OrderFact>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The account's saved items, each deletable; saved from "Declare Items", reused there. */
function SavedItems() {
  const [load, setLoad] = useState<Load<SavedItem[]>>({ state: 'loading' });
  const [deleting, setDeleting] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    callApi(listSavedItems, { signal: controller.signal })
      .then((reply) => setLoad({ state: 'ready', data: reply.items }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: errorMessage(error) });
      });
    return () => controller.abort();
  }, []);

  async function remove(item: SavedItem) {
    if (deleting) return;
    setDeleting(item.id);
    setStatus('');
    try {
      const reply = await callApi(deleteSavedItem, { params: { savedItemId: item.id } });
      setLoad({ state: 'ready', data: reply.items });
      setStatus(`Deleted ${item.name} from your saved items.`);
      document.getElementById('saved-title')?.focus();
    } catch (error) {
      setStatus(errorMessage(error));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <>
      {load.state === 'loading' && <Spinner label="Loading your saved items" />}
      {load.state === 'error' && <p className="field__error">{load.message}</p>}
      {load.state === 'ready' &&
        (load.data.length === 0 ? (
          <p>
            No saved items. When you declare the items in a box, “Save for later” keeps one here to
            fill in next time.
          </p>
        ) : (
          <ul className="saved-items" aria-label="Saved items">
            {load.data.map((item) => (
              <li key={item.id} className="saved-items__item">
                <div>
                  <p className="saved-items__name">{item.name}</p>
                  <p className="saved-items__facts">
                    {item.numberOfUnits} × {formatPence(item.unitValuePence)},{' '}
                    {formatKg(item.unitWeightGrams)} kg each · {item.commodityDescription} ·{' '}
                    {item.commodityCode}
                  </p>
                </div>
                <RowAction
                  action="Delete"
                  on={item.name}
                  waiting={deleting !== null}
                  onClick={() => void remove(item)}
                />
              </li>
            ))}
          </ul>
        ))}
      <p role="status" className="saved-items__status">
        {status}
      </p>
    </>
  );
}

function Details({ account, onChanged }: { account: Account; onChanged: (a: Account) => void }) {
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="account-page__details">
      <dl className="confirmation__facts">
        <dt>Name</dt>
        <dd data-testid="account-name">{account.name}</dd>
        <dt>Email</dt>
        <dd>
          <span data-testid="account-email">{account.email}</span>{' '}
          {account.emailVerified ? (
            <span className="status-badge status-badge--booked">Verified</span>
          ) : (
            <span className="status-badge status-badge--draft">Not verified yet</span>
          )}
        </dd>
      </dl>
      {!account.emailVerified && (
        <p>
          <a href="#verify-reminder-title">Confirm your email</a> to see the orders you booked with
          it as a guest.
        </p>
      )}
      {notice && (
        <div className="notice" role="status">
          <p>{notice}</p>
        </div>
      )}

      <h3>Change your name</h3>
      <AccountForm
        id="change-name"
        schema={ChangeNameSchema}
        fields={[{ name: 'name', label: 'Name', autoComplete: 'name' }]}
        initial={{ name: account.name }}
        submitLabel="Save name"
        busyLabel="Saving"
        onSubmit={async (values) => {
          onChanged(await callApi(changeName, { body: values }));
          setNotice('Your name has been changed.');
          await loadSession();
        }}
      />

      <h3>Change your email</h3>
      <AccountForm
        id="change-email"
        schema={ChangeEmailSchema}
        fields={[emailField('email', 'New email')]}
        submitLabel="Change email"
        busyLabel="Saving"
        onSubmit={async (values) => {
          setNotice((await callApi(changeEmail, { body: values })).message);
          await loadSession();
        }}
      />

      <h3>Change your password</h3>
      <AccountForm
        id="change-password"
        schema={ChangePasswordSchema}
        fields={[
          currentPasswordField('currentPassword', 'Current password'),
          newPasswordField('newPassword'),
        ]}
        submitLabel="Change password"
        busyLabel="Saving"
        onSubmit={async (values) => {
          setNotice((await callApi(changePassword, { body: values })).message);
        }}
      />
    </div>
  );
}
