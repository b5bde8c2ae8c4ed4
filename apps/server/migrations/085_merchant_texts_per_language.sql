-- A merchant's player-facing texts per language (issue 19 item 4, docs/decisions/066-every-text-in-every-language.md):
-- the footer's copyright and licence text, the maintenance screen's title and message and the region-block message
-- become maps of language code to text (EN required, the fallback of every other language). A document saved before
-- holds plain strings: each becomes the English text, so the site reads it as before in every language.
UPDATE merchants
   SET settings = jsonb_set(settings, '{whitelabel,copyright}',
                            jsonb_build_object('EN', settings #> '{whitelabel,copyright}'))
 WHERE jsonb_typeof(settings #> '{whitelabel,copyright}') = 'string';

UPDATE merchants
   SET settings = jsonb_set(settings, '{whitelabel,licenceText}',
                            jsonb_build_object('EN', settings #> '{whitelabel,licenceText}'))
 WHERE jsonb_typeof(settings #> '{whitelabel,licenceText}') = 'string';

UPDATE merchants
   SET settings = jsonb_set(settings, '{maintenance,title}',
                            jsonb_build_object('EN', settings #> '{maintenance,title}'))
 WHERE jsonb_typeof(settings #> '{maintenance,title}') = 'string';

UPDATE merchants
   SET settings = jsonb_set(settings, '{maintenance,message}',
                            jsonb_build_object('EN', settings #> '{maintenance,message}'))
 WHERE jsonb_typeof(settings #> '{maintenance,message}') = 'string';

UPDATE merchants
   SET settings = jsonb_set(settings, '{region,message}',
                            jsonb_build_object('EN', settings #> '{region,message}'))
 WHERE jsonb_typeof(settings #> '{region,message}') = 'string';
