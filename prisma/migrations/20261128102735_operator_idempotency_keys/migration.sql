-- CreateTable
CREATE TABLE "operator_idempotency_keys" (
    "operator" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status_code" INTEGER,
    "response_body" JSONB,
    "response_headers" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operator_idempotency_keys_pkey" PRIMARY KEY ("operator","key")
);

-- CreateIndex
CREATE INDEX "operator_idempotency_keys_created_at_idx" ON "operator_idempotency_keys"("created_at");
