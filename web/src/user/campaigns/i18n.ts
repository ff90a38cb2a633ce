// The contest screens' strings ship with their lazy chunk; the Club entry and Home's card are in th/en.json
// (club.entries.campaigns, home.campaigns).
import i18n from '../../i18n';
import en from '../../i18n/campaigns.en.json';
import th from '../../i18n/campaigns.th.json';

i18n.addResourceBundle('th', 'translation', th, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);
