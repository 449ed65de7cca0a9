-- AlterTable
ALTER TABLE "dispatches" ADD COLUMN     "phone_tail" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "account_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "disabled_at" TIMESTAMPTZ(3),

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_failures" (
    "id" BIGSERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_failures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "branches" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "vendor_bid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "pickup" JSON NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "branches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_account_id_idx" ON "users"("account_id");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE INDEX "login_failures_email_created_at_idx" ON "login_failures"("email", "created_at");

-- CreateIndex
CREATE INDEX "login_failures_ip_created_at_idx" ON "login_failures"("ip", "created_at");

-- CreateIndex
CREATE INDEX "login_failures_created_at_idx" ON "login_failures"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "branches_account_id_vendor_bid_key" ON "branches"("account_id", "vendor_bid");

-- CreateIndex
CREATE INDEX "dispatches_account_id_phone_tail_created_at_id_idx" ON "dispatches"("account_id", "phone_tail", "created_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "branches" ADD CONSTRAINT "branches_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Phone search key of existing dispatches (new ones get it from create-dispatch).
UPDATE "dispatches" SET "phone_tail" = right(regexp_replace("customer_phone", '[^0-9]', '', 'g'), 9);

-- Live dashboards: every domain event is announced at commit on `dispatch_changes` as
-- `<account_id> <dispatch_id> <sequence> <type>`; each server relays its accounts' events to
-- the browsers it serves (server-sent events), so any instance sees any instance's writes.
CREATE FUNCTION notify_dispatch_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dispatch_changes', NEW.account_id || ' ' || NEW.dispatch_id || ' ' || NEW.sequence || ' ' || NEW.type);
  RETURN NULL;
END;
$$;

CREATE TRIGGER dispatch_events_notify_change AFTER INSERT ON "dispatch_events"
  FOR EACH ROW EXECUTE FUNCTION notify_dispatch_change();
