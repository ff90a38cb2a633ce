// The live quiz's strings ship with its lazy chunks (the phone's and the host screen's).
import i18n from '../../i18n';
import liveEn from '../../i18n/live.en.json';
import liveTh from '../../i18n/live.th.json';

i18n.addResourceBundle('th', 'translation', liveTh, true, false);
i18n.addResourceBundle('en', 'translation', liveEn, true, false);
