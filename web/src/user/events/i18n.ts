// The event screens' strings ship with their lazy chunk; Home's card and the Club entry are in th/en.json
// (home.events, club.entries.events).
import i18n from '../../i18n';
import eventsEn from '../../i18n/events.en.json';
import eventsTh from '../../i18n/events.th.json';

i18n.addResourceBundle('th', 'translation', eventsTh, true, false);
i18n.addResourceBundle('en', 'translation', eventsEn, true, false);
