// The messages screens' strings ship with their lazy chunk; Home's icon label is in th/en.json (home.messages).
import i18n from '../../i18n';
import messagesEn from '../../i18n/messages.en.json';
import messagesTh from '../../i18n/messages.th.json';

i18n.addResourceBundle('th', 'translation', messagesTh, true, false);
i18n.addResourceBundle('en', 'translation', messagesEn, true, false);
