// The push settings' strings, in their own folder: they load with its chunk.
import i18n from '../../../i18n';
import en from './i18n.en.json';
import th from './i18n.th.json';

i18n.addResourceBundle('th', 'translation', th, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);
