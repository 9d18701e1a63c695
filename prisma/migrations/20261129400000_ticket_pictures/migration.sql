-- Pictures in ticket messages (issue 22 point 5, decision 183): a message may carry one re-encoded picture, stored
-- under DATA_DIR/tickets (never under the public /media) and served only to the ticket's owner and staff. Its size
-- lets the chat keep the thumbnail's place before the picture arrives. Messages grow to 2,000 characters (the
-- column is TEXT already); a message with a picture may have no text.
ALTER TABLE "ticket_messages" ADD COLUMN "picture" TEXT;
ALTER TABLE "ticket_messages" ADD COLUMN "picture_width" INTEGER;
ALTER TABLE "ticket_messages" ADD COLUMN "picture_height" INTEGER;
