-- Profile photos (issue 26, profiles): a person's photo is an image of the media library (their own upload
-- through POST /api/media/photos, cropped square in the browser, or one an admin picked). users.image keeps its
-- URL (/media/<hash>.<ext>) for the session and every list that shows people, and is written with it.
ALTER TABLE users ADD COLUMN photo_media_id TEXT REFERENCES media(id);
UPDATE users SET photo_media_id = (SELECT m.id FROM media m WHERE '/media/' || m.hash || '.' || m.ext = users.image)
WHERE image LIKE '/media/%';
