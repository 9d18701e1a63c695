-- The blocklist compares normal forms (decision 243): an e-mail lower case without a plus-tag (and for Gmail
-- without dots, as gmail.com), an IPv6 address as its /64. Entries made before are brought to the same form
-- (shared/money-controls.ts writes new ones so; PostgreSQL's inet writes a /64 the way ipv6Text does). Two
-- entries that become one keep the older.
CREATE FUNCTION blocklist_normal_form(kind TEXT, value TEXT) RETURNS TEXT LANGUAGE SQL IMMUTABLE AS $$
  SELECT CASE
    WHEN kind = 'email' AND position('@' IN value) > 0 THEN (
      SELECT CASE WHEN d IN ('gmail.com', 'googlemail.com') THEN replace(l, '.', '') || '@gmail.com' ELSE l || '@' || d END
      FROM (SELECT regexp_replace(substring(e FROM '^(.*)@[^@]*$'), '\+.*$', '') AS l, substring(e FROM '@([^@]*)$') AS d
            FROM (SELECT lower(btrim(value)) AS e) AS x) AS parts)
    WHEN kind = 'ip' AND position(':' IN value) > 0 THEN network(set_masklen(value::inet, 64))::text
    ELSE value
  END
$$;

DELETE FROM "blocklist_entries" b
USING "blocklist_entries" older
WHERE older."kind" = b."kind" AND older."id" < b."id"
  AND blocklist_normal_form(older."kind", older."value") = blocklist_normal_form(b."kind", b."value");

UPDATE "blocklist_entries" SET "value" = blocklist_normal_form("kind", "value")
WHERE "value" <> blocklist_normal_form("kind", "value");

DROP FUNCTION blocklist_normal_form(TEXT, TEXT);
