// The form screens' strings ship with their lazy chunk (like the surveys').
import i18n from '../../i18n';
import formsEn from '../../i18n/forms.en.json';
import formsTh from '../../i18n/forms.th.json';

i18n.addResourceBundle('th', 'translation', formsTh, true, false);
i18n.addResourceBundle('en', 'translation', formsEn, true, false);
