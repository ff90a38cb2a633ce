// The slides above the Home feed (GET /api/home "slides", in the editors' order): a carousel that plays on its
// own, swipes, and shows where it is. A tap follows the slide's link (an in-app path with the router, an https
// address in a new tab); each slide's impression is recorded once per view of Home and each tap once, through
// the telemetry tracker. Loaded lazily, only by people with slides.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../../components/Carousel';
import { TargetLink } from '../../components/TargetLink';
import { ColumnImage } from '../../lib/image';
import { trackItem } from '../../lib/tracking';
import type { HomeSlide } from '../../lib/learning/types';
import { firstSight, slideTarget } from '../../lib/slides';

const RESOURCE = 'home-slides';

export default function HomeSlides({ slides }: { slides: HomeSlide[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const seen = useRef(new Set<string>());

  useEffect(() => {
    const id = slides[index]?.id;
    if (id && firstSight(seen.current, id)) trackItem(RESOURCE, id, 'view');
  }, [index, slides]);

  if (!slides.length) return null;
  const many = slides.length > 1;
  return (
    <section className="sf-slides" aria-roledescription={t('homeSlides.carousel')} aria-label={t('homeSlides.label')} data-testid="home-slides">
      <Carousel className="sf-slides__carousel" autoplayMs={many ? 5000 : undefined} onIndexChange={setIndex}>
        {slides.map((s, i) => {
          const body = (
            <>
              <ColumnImage className="sf-slides__image" media={s.image} priority={i === 0} />
              <span className="sf-slides__title"><span className="sf-slides__title-text">{s.title}</span></span>
            </>
          );
          const label = t('homeSlides.slideOf', { n: i + 1, total: slides.length, title: s.title });
          return (
            <div key={s.id} className="sf-slides__item" role="group" aria-roledescription={t('homeSlides.slide')} aria-label={label} data-slide-id={s.id}>
              <TargetLink target={slideTarget(s.link)} className="sf-slides__link" onTap={() => trackItem(RESOURCE, s.id, 'tap')} newTabLabel={t('homeSlides.opensNewTab', { title: s.title })}>
                {body}
              </TargetLink>
            </div>
          );
        })}
      </Carousel>
    </section>
  );
}
