// The story screens' strings ship with their lazy chunk (like the polls'); the tab's label is in th/en.json.
import i18n from '../../i18n';
import storiesEn from '../../i18n/stories.en.json';
import storiesTh from '../../i18n/stories.th.json';

i18n.addResourceBundle('th', 'translation', storiesTh, true, false);
i18n.addResourceBundle('en', 'translation', storiesEn, true, false);
