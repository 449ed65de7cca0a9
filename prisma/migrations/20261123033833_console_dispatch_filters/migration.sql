-- CreateIndex
CREATE INDEX "dispatches_vendor_bid_created_at_id_idx" ON "dispatches"("vendor_bid", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "dispatches_phone_tail_created_at_id_idx" ON "dispatches"("phone_tail", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "dispatches_vendor_oid_idx" ON "dispatches"("vendor_oid");
