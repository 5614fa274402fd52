import type { FastifyInstance } from 'fastify';
import {
  getAdminOrderTracking,
  getOrderTracking,
  getTracking,
  listAdminShipments,
  lookUpTracking,
  rebookMissedCollection,
  getEmailSettings,
  setEmailSettings,
  setOrderTrackingEmails,
} from '#src/domain/api/tracking.js';
import { NO_STORE, routesOn } from '../../http/route.js';
import type { TrackingService } from './tracking.service.js';

/** Tracking's routes (docs/tracking.md); who may call each is in its declaration. */
export function trackingRoutes(tracking: TrackingService) {
  return async function register(app: FastifyInstance) {
    const add = routesOn(app, NO_STORE);
    // A wrong reference and a wrong postcode count alike, per address.
    const addLimited = routesOn(app, { ...NO_STORE, rateLimit: 'trackingLookups' });

    addLimited(lookUpTracking, async (request) => tracking.lookUp(request.body));
    add(getTracking, async (request) => tracking.viewByToken(request.params.token));
    add(getEmailSettings, async (request) => tracking.emailSettingsByToken(request.params.token));
    add(setEmailSettings, async (request) =>
      tracking.setEmailsByToken(request.params.token, request.body),
    );
    add(rebookMissedCollection, async (request) =>
      tracking.rebook(request.params.token, request.body.collectionDate),
    );
    add(getOrderTracking, async (request) => ({
      tracking: await tracking.view(request.params.id),
      emails: await tracking.emailChoice(request.params.id),
    }));
    add(setOrderTrackingEmails, async (request) =>
      tracking.setEmails(request.params.id, request.body),
    );
    add(listAdminShipments, async (request) => ({
      shipments: await tracking.adminList({
        ...(request.query.status ? { status: request.query.status } : {}),
        flagged: request.query.flagged === 'true',
      }),
    }));
    add(getAdminOrderTracking, async (request) => tracking.adminTracking(request.params.id));
  };
}
