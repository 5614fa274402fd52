import { ApiError } from '../../http/errors.js';
import type { CheckoutService } from '../checkout/index.js';
import type { AuditLog, Operator } from '../operator-actions/index.js';
import type { OrdersService } from '../orders/index.js';
import type { MyOrdersService } from './my-orders.service.js';

/**
 * "Ask the customer to try again" on a `booking_failed` order (docs/operators.md, "Orders"):
 * emails them a link that gives their browser the order back, to pay again. The state is checked
 * under the order's row lock, in the transaction of the audit row.
 */
export class OperatorPayAgain {
  constructor(
    private readonly deps: {
      myOrders: Pick<MyOrdersService, 'invitePayAgain'>;
      orders: Pick<OrdersService, 'findById'>;
      checkout: Pick<CheckoutService, 'wake'>;
      audit: Pick<AuditLog, 'act'>;
    },
  ) {}

  async ask(operator: Operator, id: string) {
    const order = await this.deps.orders.findById(id);
    if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
    const queued = await this.deps.audit.act(
      operator,
      'order.ask_to_pay_again',
      order.reference,
      async (tx) => {
        const result = await this.deps.myOrders.invitePayAgain(id, tx);
        return {
          result,
          details: {
            mailId: result.mailId,
            to: result.to,
            linkExpiresAt: result.expiresAt.toISOString(),
          },
        };
      },
    );
    this.deps.checkout.wake();
    return { mailId: queued.mailId, to: queued.to, linkExpiresAt: queued.expiresAt.toISOString() };
  }
}
