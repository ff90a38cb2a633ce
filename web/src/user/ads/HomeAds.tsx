// Home's ad banners (GET /api/ads "banners", highest priority first): a picture card with a "sponsored" tag;
// a tap follows the ad's link (in-app with the router, https in a new tab). Each banner's impression is
// recorded once per view of Home and each tap once, through the telemetry tracker. Light on purpose: the
// query is the one the app-open gate already answered, and only the ads' pure helpers are imported.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TargetLink } from '../../components/TargetLink';
import { api } from '../../lib/api';
import { ColumnImage } from '../../lib/image';
import { trackItem } from '../../lib/tracking';
import { adsKey, type Ad, type AdsNow } from './logic';
import { firstSight, slideTarget } from '../../lib/slides';

const RESOURCE = 'ads';

function Banner({ ad, seen }: { ad: Ad; seen: Set<string> }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (firstSight(seen, ad.id)) trackItem(RESOURCE, ad.id, 'view');
  }, [ad.id, seen]);
  const body = (
    <>
      <ColumnImage className="sf-home-ad__image" media={ad.image} width={800} height={450} />
      <span className="sf-home-ad__tag">{t('home.ads.sponsored')}</span>
      <span className="sf-home-ad__title">{ad.title}</span>
    </>
  );
  return (
    <TargetLink
      target={slideTarget(ad.link)}
      className="sf-home-ad"
      onTap={() => trackItem(RESOURCE, ad.id, 'tap')}
      label={t('home.ads.label', { title: ad.title })}
      newTabLabel={t('home.ads.opensNewTab', { title: ad.title })}
      plainRole="img"
      attrs={{ 'data-ad-id': ad.id }}
    >
      {body}
    </TargetLink>
  );
}

export function HomeAds() {
  const { data } = useQuery({
    queryKey: adsKey,
    queryFn: ({ signal }) => api<AdsNow>('/api/ads', { signal, toastOnNetworkError: false }),
    staleTime: 15_000,
    retry: false,
  });
  const seen = useRef(new Set<string>());
  const banners = data?.banners ?? [];
  if (!banners.length) return null;
  return (
    <section className="sf-home-ads" data-testid="home-ads">
      {banners.map((ad) => <Banner key={ad.id} ad={ad} seen={seen.current} />)}
    </section>
  );
}
