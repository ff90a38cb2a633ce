// The game screens' strings ship with their lazy chunk (like the polls'); the Club tab's entry is in
// th/en.json (club.entries.games).
import i18n from '../../i18n';
import gamesEn from '../../i18n/games.en.json';
import gamesTh from '../../i18n/games.th.json';

i18n.addResourceBundle('th', 'translation', gamesTh, true, false);
i18n.addResourceBundle('en', 'translation', gamesEn, true, false);
