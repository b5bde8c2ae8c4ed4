-- Customer-service channel titles and footer partner names become per language, with EN required and each language
-- falling back to EN like the other content (decision 006).

ALTER TABLE partners ADD COLUMN names jsonb;
UPDATE partners SET names = jsonb_build_object('EN', name);
ALTER TABLE partners ALTER COLUMN names SET NOT NULL;
ALTER TABLE partners ADD CONSTRAINT partners_names_en CHECK (names ? 'EN');
ALTER TABLE partners DROP COLUMN name;

-- The channels live in each merchant's settings document: {title} becomes {titles: {EN: title}}.
UPDATE merchants
   SET settings = jsonb_set(
         settings,
         '{customerService}',
         (SELECT coalesce(jsonb_agg((item - 'title') || jsonb_build_object('titles', jsonb_build_object('EN', item -> 'title'))
                                    ORDER BY position), '[]'::jsonb)
            FROM jsonb_array_elements(settings -> 'customerService') WITH ORDINALITY AS entries (item, position)))
 WHERE jsonb_typeof(settings -> 'customerService') = 'array';
