import { db } from '@/lib/db/client';
import { uniqueViolationFields } from '@/lib/db/unique-violation';
import type { Prisma } from '@/lib/generated/prisma/client';
import { ApiError } from '@/lib/http/errors';
import { newId, newReadableCode, newSortableId } from '@/lib/ids/new-id';
import type { Actor } from '@/lib/dispatches/apply-change';
import { buildEventPayload } from '@/lib/dispatches/events';
import type { CreateDispatchBody, DispatchRecord } from '@/lib/dispatches/schemas';
import { formatTimestamp } from '@/lib/dispatches/timestamp';

const R_ID_ATTEMPTS = 5;

/**
 * Creates a dispatch in state `new` with its first history entry and its
 * `dispatch.status_updated` event, in one statement batch (one transaction).
 * A second dispatch with the same `vendor_oid` in the account is refused, also under races:
 * the unique index decides, not a prior read.
 */
export async function createDispatch(options: {
  accountId: string;
  input: CreateDispatchBody;
  actor?: Actor;
}): Promise<DispatchRecord> {
  const { accountId, input } = options;
  const actor = options.actor ?? { refType: 'vendor', refId: input.vendor_id };

  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    const id = newSortableId('dsp');
    const rId = newReadableCode();
    const record: DispatchRecord = {
      id,
      created_at: formatTimestamp(now),
      modified_at: formatTimestamp(now),
      r_id: rId,
      assigned_driver_id: null,
      pickup: input.pickup,
      destination: input.destination,
      user_metadata: input.user_metadata,
      vendor_logo_url: input.vendor_logo_url ?? null,
      vendor_id: input.vendor_id,
      vendor_name: input.vendor_name,
      vendor_oid: input.vendor_oid,
      vendor_sid: input.vendor_sid ?? null,
      vendor_bid: input.vendor_bid,
      media_url: null,
      vendor_payload: input.vendor_payload ?? null,
      status: [{ status: 'new', status_captured_time: formatTimestamp(now), ref_type: actor.refType, ref_id: actor.refId }],
    };
    try {
      await db().dispatch.create({
        data: {
          id,
          rId,
          accountId,
          state: 'new',
          pickup: input.pickup,
          destination: input.destination,
          userMetadata: input.user_metadata,
          vendorLogoUrl: input.vendor_logo_url,
          vendorId: input.vendor_id,
          vendorName: input.vendor_name,
          vendorOid: input.vendor_oid,
          vendorSid: input.vendor_sid,
          vendorBid: input.vendor_bid,
          vendorPayload: input.vendor_payload,
          customerPhone: input.user_metadata.phone,
          eventSeq: 1,
          createdAt: now,
          modifiedAt: now,
          statusEntries: { create: { status: 'new', capturedAt: now, refType: actor.refType, refId: actor.refId } },
          events: {
            create: {
              id: newId('evt'),
              accountId,
              type: 'dispatch.status_updated',
              sequence: 1,
              payload: buildEventPayload('dispatch.status_updated', record, null) as Prisma.InputJsonValue,
              createdAt: now,
            },
          },
        },
        select: { id: true },
      });
      return record;
    } catch (error) {
      const fields = uniqueViolationFields(error);
      if (fields?.some((field) => field.includes('vendor_oid'))) {
        throw new ApiError('duplicate_vendor_oid', `vendor_oid: a dispatch with vendor_oid "${input.vendor_oid}" already exists`);
      }
      // A 40-bit readable code collides rarely; draw another.
      if (fields?.some((field) => field.includes('r_id')) && attempt < R_ID_ATTEMPTS) continue;
      throw error;
    }
  }
}
