-- What the restaurant sees of a delivery beyond photos and signatures (issue 28): when the
-- customer's PIN was checked, and the cash the driver confirmed collecting on a cash order.
ALTER TABLE "dispatches" ADD COLUMN "pin_checked_at" TIMESTAMPTZ(3),
ADD COLUMN "cash_collected" DECIMAL(14,3);
