// The recognition screens' strings (badges, sticker book, sticker reactions) ship with their lazy chunks, like
// the club screens': added to the catalog when a chunk loads, before any of its parts renders.
import i18n from '../../i18n';
import recognitionEn from '../../i18n/recognition.en.json';
import recognitionTh from '../../i18n/recognition.th.json';

i18n.addResourceBundle('th', 'translation', recognitionTh, true, false);
i18n.addResourceBundle('en', 'translation', recognitionEn, true, false);
