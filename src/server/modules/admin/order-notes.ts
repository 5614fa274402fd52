import { randomUUID } from 'node:crypto';
import type { OrderNote } from '#src/domain/api/admin/order-extras.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/errors.js';
import type { AuditLog, Operator } from '../operator-actions/index.js';
import type { OrdersService } from '../orders/index.js';
import type { OrderNoteRow, OrderNotesRepository } from './order-notes.repository.js';

const notFound = () => new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');

const noteOf = (n: OrderNoteRow): OrderNote => ({
  id: n.id,
  at: n.createdAt.toISOString(),
  adminEmail: n.adminEmail,
  body: n.body,
});

/**
 * An order's internal notes (`order_notes`, which the admin module owns; docs/operators.md):
 * written under the order's row lock with their audit row in the same transaction.
 */
export class OrderNotes {
  constructor(
    private readonly deps: {
      orders: Pick<OrdersService, 'findById' | 'lock'>;
      notes: OrderNotesRepository;
      audit: Pick<AuditLog, 'act'>;
      clock: Clock;
    },
  ) {}

  private async existing(id: string) {
    const order = await this.deps.orders.findById(id);
    if (!order) throw notFound();
    return order;
  }

  async notes(id: string) {
    await this.existing(id);
    return { notes: (await this.deps.notes.listForOrder(id)).map(noteOf) };
  }

  async addNote(operator: Operator, id: string, body: string) {
    const order = await this.existing(id);
    return this.deps.audit.act(operator, 'order.note', order.reference, async (tx) => {
      // The order is locked so a note never lands on an order being deleted at the same time.
      if (!(await this.deps.orders.lock(id, tx))) throw notFound();
      const note: OrderNoteRow = {
        id: randomUUID(),
        orderId: id,
        adminId: operator.id,
        adminEmail: operator.email,
        body: body.trim(),
        createdAt: this.deps.clock.now(),
      };
      await this.deps.notes.insert(note, tx);
      const notes = await this.deps.notes.listForOrder(id, tx);
      return { result: { notes: notes.map(noteOf) }, details: { noteId: note.id } };
    });
  }
}
