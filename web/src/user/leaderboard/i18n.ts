// The leaderboard's strings ship with its lazy chunk (like the club screens'); the Club tab's entry line is in
// th/en.json (club.entries.leaderboard).
import i18n from '../../i18n';
import leaderboardEn from '../../i18n/leaderboard.en.json';
import leaderboardTh from '../../i18n/leaderboard.th.json';

i18n.addResourceBundle('th', 'translation', leaderboardTh, true, false);
i18n.addResourceBundle('en', 'translation', leaderboardEn, true, false);
