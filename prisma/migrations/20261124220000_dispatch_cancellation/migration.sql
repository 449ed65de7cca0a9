-- Issue 19, cancel: why a dispatch was cancelled (a reason code and the caller's own words). Who
-- and when are the `cancelled` status entry's; dispatch_record renders the four together.
ALTER TABLE "dispatches" ADD COLUMN "cancel_reason" TEXT,
                         ADD COLUMN "cancel_reason_text" TEXT;
