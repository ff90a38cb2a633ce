// Home's pulse card: "a pulse check is waiting" while this period's questions are unanswered, and the
// latest "you said, we did" update; links to /pulsesurvey. Light on purpose: the same query as the pulse
// page (so it opens from the cache) and only the pulse's pure helpers, never its lazy chunk.
import { PieOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePulses } from './api';
import { waiting } from './logic';

export function HomePulse() {
  const { t } = useTranslation();
  const { data } = usePulses({ quiet: true });
  const next = waiting(data?.items);
  const update = data?.updates[0];
  if (!next && !update) return null;
  return (
    <Link to="/pulsesurvey" className="sf-home-pulse" data-testid="home-pulse" data-waiting={next ? 'yes' : 'no'}>
      <span className="sf-home-pulse__icon" aria-hidden="true"><PieOutline /></span>
      <span className="sf-home-pulse__text">
        {next ? (
          <>
            <span className="sf-home-pulse__title">{t('home.pulse.waiting')}</span>
            <span className="sf-home-pulse__body">{t('home.pulse.questions', { count: next.questions.length, title: next.title })}</span>
          </>
        ) : null}
        {update ? (
          <span className="sf-home-pulse__update" data-testid="home-pulse-update">
            <strong>{t('home.pulse.weDid')}</strong> {update.text}
          </span>
        ) : null}
      </span>
      <RightOutline className="sf-home-pulse__chevron" aria-hidden="true" />
    </Link>
  );
}
