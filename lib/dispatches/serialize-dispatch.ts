import type { Prisma } from '@/lib/generated/prisma/client';
import type { DispatchRecord } from '@/lib/dispatches/schemas';
import { formatTimestamp } from '@/lib/dispatches/timestamp';

/** The columns a dispatch record needs; every read selects exactly these. */
export const DISPATCH_SELECT = {
  id: true,
  rId: true,
  createdAt: true,
  modifiedAt: true,
  assignedDriverId: true,
  pickup: true,
  destination: true,
  userMetadata: true,
  vendorLogoUrl: true,
  vendorId: true,
  vendorName: true,
  vendorOid: true,
  vendorSid: true,
  vendorBid: true,
  mediaUrl: true,
  vendorPayload: true,
  statusEntries: {
    select: { status: true, capturedAt: true, refId: true, refType: true },
    orderBy: { id: 'asc' },
  },
} satisfies Prisma.DispatchSelect;

export type DispatchRow = Prisma.DispatchGetPayload<{ select: typeof DISPATCH_SELECT }>;

// JSON columns hold what the validated request contained, so these casts restate the schema.
export function serializeDispatch(row: DispatchRow): DispatchRecord {
  return {
    id: row.id,
    created_at: formatTimestamp(row.createdAt),
    modified_at: formatTimestamp(row.modifiedAt),
    r_id: row.rId,
    assigned_driver_id: row.assignedDriverId,
    pickup: row.pickup as DispatchRecord['pickup'],
    destination: row.destination as DispatchRecord['destination'],
    user_metadata: row.userMetadata as DispatchRecord['user_metadata'],
    vendor_logo_url: row.vendorLogoUrl,
    vendor_id: row.vendorId,
    vendor_name: row.vendorName as DispatchRecord['vendor_name'],
    vendor_oid: row.vendorOid,
    vendor_sid: row.vendorSid,
    vendor_bid: row.vendorBid,
    media_url: row.mediaUrl as DispatchRecord['media_url'],
    vendor_payload: row.vendorPayload as DispatchRecord['vendor_payload'],
    status: row.statusEntries.map((entry) => ({
      status: entry.status as DispatchRecord['status'][number]['status'],
      status_captured_time: formatTimestamp(entry.capturedAt),
      ref_id: entry.refId,
      ref_type: entry.refType as DispatchRecord['status'][number]['ref_type'],
    })),
  };
}
