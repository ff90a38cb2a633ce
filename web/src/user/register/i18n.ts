// The register screen's strings ship with its lazy chunk; the link to it on /login is in th/en.json.
import i18n from '../../i18n';
import registerEn from '../../i18n/register.en.json';
import registerTh from '../../i18n/register.th.json';

i18n.addResourceBundle('th', 'translation', registerTh, true, false);
i18n.addResourceBundle('en', 'translation', registerEn, true, false);
