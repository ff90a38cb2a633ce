// The survey screens' strings ship with their lazy chunk (like the polls').
import i18n from '../../i18n';
import surveysEn from '../../i18n/surveys.en.json';
import surveysTh from '../../i18n/surveys.th.json';

i18n.addResourceBundle('th', 'translation', surveysTh, true, false);
i18n.addResourceBundle('en', 'translation', surveysEn, true, false);
