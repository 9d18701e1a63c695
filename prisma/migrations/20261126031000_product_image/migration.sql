-- Product images (spec §9, decision 092): a media name under MEDIA_BASE_URL, like users.logo; null shows no image.
ALTER TABLE "products" ADD COLUMN "image" TEXT;
