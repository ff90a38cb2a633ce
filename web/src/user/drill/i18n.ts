// The drill screen's strings, in the area's folder: they load with its chunk (Home's card strings are in
// th/en.json, home.drill).
import i18n from '../../i18n';
import en from './i18n.en.json';
import th from './i18n.th.json';

i18n.addResourceBundle('th', 'translation', th, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);
