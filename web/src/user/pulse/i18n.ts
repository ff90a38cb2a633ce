// The pulse page's strings ship with its lazy chunk; it reuses the surveys' question input, whose strings
// (scale ends, "type here") come with the surveys' catalog. Home's card strings are in th/en.json (home.pulse).
import '../../components/questions/i18n';
import i18n from '../../i18n';
import pulseEn from '../../i18n/pulse.en.json';
import pulseTh from '../../i18n/pulse.th.json';

i18n.addResourceBundle('th', 'translation', pulseTh, true, false);
i18n.addResourceBundle('en', 'translation', pulseEn, true, false);
