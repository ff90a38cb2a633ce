// The /ads page's strings ship with its lazy chunk; Home's banner label is in th/en.json (home.ads).
import i18n from '../../i18n';
import adsEn from '../../i18n/ads.en.json';
import adsTh from '../../i18n/ads.th.json';

i18n.addResourceBundle('th', 'translation', adsTh, true, false);
i18n.addResourceBundle('en', 'translation', adsEn, true, false);
