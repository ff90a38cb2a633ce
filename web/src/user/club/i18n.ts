// The club screens' strings ship with their lazy chunk (like the back office's): added to the catalog when the
// chunk loads, before any of its screens renders. The Club tab's own strings (`club`) are in th/en.json.
import i18n from '../../i18n';
import clubScreensEn from '../../i18n/clubScreens.en.json';
import clubScreensTh from '../../i18n/clubScreens.th.json';

i18n.addResourceBundle('th', 'translation', clubScreensTh, true, false);
i18n.addResourceBundle('en', 'translation', clubScreensEn, true, false);
