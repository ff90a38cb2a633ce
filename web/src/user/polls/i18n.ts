// The poll screens' strings ship with their lazy chunk (like the club screens'); the Club tab's entry and
// Home's polls card are in th/en.json (club.entries.polls, home.polls).
import i18n from '../../i18n';
import pollsEn from '../../i18n/polls.en.json';
import pollsTh from '../../i18n/polls.th.json';

i18n.addResourceBundle('th', 'translation', pollsTh, true, false);
i18n.addResourceBundle('en', 'translation', pollsEn, true, false);
