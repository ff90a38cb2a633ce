// The reports' texts travel with their chunk (admin/reports), not with the back office's first one.
import i18n from '../../i18n';
import reportsEn from '../../i18n/reports.en.json';
import reportsTh from '../../i18n/reports.th.json';

i18n.addResourceBundle('th', 'translation', reportsTh, true, false);
i18n.addResourceBundle('en', 'translation', reportsEn, true, false);
