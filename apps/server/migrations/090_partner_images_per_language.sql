-- A footer partner's logo per language, like a banner's picture (issue 19 leftovers): a logo that spells the
-- partner's name is drawn in each language. A map of language code to image id, EN required and the fallback of every
-- other language; the one logo a partner had becomes its English one.

ALTER TABLE partners ADD COLUMN images jsonb;
UPDATE partners SET images = jsonb_build_object('EN', image_id);
ALTER TABLE partners ALTER COLUMN images SET NOT NULL;
ALTER TABLE partners ADD CONSTRAINT partners_images_en CHECK (images ? 'EN');
ALTER TABLE partners DROP COLUMN image_id;
