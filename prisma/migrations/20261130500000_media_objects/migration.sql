-- Pictures every instance sees (decision 250): avatars, product pictures and ticket pictures leave DATA_DIR for
-- this table. A row is a picture by its name (avatars/<hex>.jpg, products/<hex>.png, tickets/<hex>.jpg and
-- tickets/<hex>.thumb.jpg); its bytes are here (store = 'database') or in the S3 bucket of MEDIA_S3_URL under the
-- same name (store = 's3'). The files already on disk are moved in by the start-up step that follows the SQL
-- migrations (server/media/disk-import.ts): SQL cannot read them.
CREATE TABLE "media_objects" (
    "name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "etag" TEXT NOT NULL,
    "store" TEXT NOT NULL,
    "data" BYTEA,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "media_objects_pkey" PRIMARY KEY ("name"),
    CONSTRAINT "media_objects_store_check" CHECK (("store" = 'database' AND "data" IS NOT NULL AND octet_length("data") = "size") OR ("store" = 's3' AND "data" IS NULL))
);

-- Pictures are compressed already: kept out of line and uncompressed, so a slice (substring) of a large one reads
-- only the TOAST chunks it covers instead of decompressing the whole value for each slice a response streams.
ALTER TABLE "media_objects" ALTER COLUMN "data" SET STORAGE EXTERNAL;
