-- SMS Gateway for Android (issue 19, decision 147): a device's token kept sealed with a server key, as the HMAC key
-- of the app's signed webhooks; the events a device delivered, so that a retried event answers `duplicate`.
ALTER TABLE "devices" ADD COLUMN "token_sealed" TEXT;

CREATE TABLE "device_webhook_events" (
    "device_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "sms_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_webhook_events_pkey" PRIMARY KEY ("device_id","event_id")
);
CREATE INDEX "device_webhook_events_created_at_idx" ON "device_webhook_events"("created_at");
ALTER TABLE "device_webhook_events" ADD CONSTRAINT "device_webhook_events_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
