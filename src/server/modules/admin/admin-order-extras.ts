import { randomUUID } from 'node:crypto';
import type { OrderNote } from '../../../domain/api/admin/notes.js';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../http/errors.js';
import type { CheckoutService } from '../checkout/index.js';
import type { MyOrdersService } from '../my-orders/index.js';
import type { OrdersService } from '../orders/index.js';
import type { Operator } from './admin-guard.js';
import type { AdminService } from './admin.service.js';
import type { OrderNoteRow, OrderNotesRepository } from './order-notes.repository.js';

const notFound = () => new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');

const noteOf = (n: OrderNoteRow): OrderNote => ({
  id: n.id,
  at: n.createdAt.toISOString(),
  adminEmail: n.adminEmail,
  body: n.body,
});

/**
 * An order's labels and documents, internal notes and "send the confirmation again", as the
 * console's order page uses them (docs/operators.md). Actions lock the order row and write their
 * audit record in the same transaction.
 */
export class AdminOrderExtras {
  constructor(
    private readonly deps: {
      admin: AdminService;
      orders: OrdersService;
      checkout: CheckoutService;
      notes: OrderNotesRepository;
      myOrders: Pick<MyOrdersService, 'invitePayAgain'>;
      clock: Clock;
    },
  ) {}

  private async existing(id: string) {
    const order = await this.deps.orders.findById(id);
    if (!order) throw notFound();
    return order;
  }

  async documents(id: string) {
    await this.existing(id);
    const docs = await this.deps.checkout.documents(id);
    return {
      documents: docs.map((d) => ({
        kind: d.kind,
        title: d.title,
        filename: d.filename,
        url: `/api/v1/admin/orders/${id}/documents/${d.id}`,
      })),
    };
  }

  /** An operator's label or document for a booked order the courier gave none for. */
  async uploadDocument(
    operator: Operator,
    id: string,
    upload: { kind: 'label' | 'document'; type: string; pdfBase64: string },
  ) {
    const order = await this.existing(id);
    const pdf = Buffer.from(upload.pdfBase64, 'base64');
    await this.deps.admin.act(operator, 'order.document_upload', order.reference, async (tx) => {
      const added = await this.deps.checkout.addOperatorDocument(
        id,
        { kind: upload.kind, type: upload.type, pdf },
        tx,
      );
      return {
        result: added,
        details: { kind: upload.kind, title: added.title, bytes: pdf.length },
      };
    });
    return this.documents(id);
  }

  async document(id: string, documentId: string) {
    const doc = await this.deps.checkout.document(id, documentId);
    if (!doc) throw new ApiError(404, 'DOCUMENT_NOT_FOUND', 'We could not find that document.');
    return doc;
  }

  async notes(id: string) {
    await this.existing(id);
    return { notes: (await this.deps.notes.listForOrder(id)).map(noteOf) };
  }

  async addNote(operator: Operator, id: string, body: string) {
    const order = await this.existing(id);
    return this.deps.admin.act(operator, 'order.note', order.reference, async (tx) => {
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

  /**
   * "Ask the customer to try again" on a `booking_failed` order: emails them a link that gives
   * their browser the order back, to pay again. The state is checked under the order's row lock.
   */
  async askToPayAgain(operator: Operator, id: string) {
    const order = await this.existing(id);
    const queued = await this.deps.admin.act(
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

  async resendConfirmation(operator: Operator, id: string) {
    const order = await this.existing(id);
    const queued = await this.deps.admin.act(
      operator,
      'order.resend_confirmation',
      order.reference,
      async (tx) => {
        const result = await this.deps.checkout.resendConfirmation(id, tx);
        return { result, details: { mailId: result.mailId, to: result.to } };
      },
    );
    this.deps.checkout.wake();
    return { mailId: queued.mailId, to: queued.to };
  }
}
