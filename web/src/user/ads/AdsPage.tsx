// /ads/:id?next=… (shell-less): a full-screen ad on opening the app. The picture fills the screen; the close
// button works after a countdown; a tap on the picture follows the ad's link (in-app with the router, https
// in a new tab); closing goes on to where the person was going (`next`, same-origin paths only). The showing is
// recorded once it is on screen (POST …/shown with one id per showing, so a retry counts once); an ad that is
// not due (caps reached, gone, not for me) goes straight on. Its own lazy chunk with its strings.
import { useQuery } from '@tanstack/react-query';
import { SpinLoading } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/LoadingScreen';
import { api } from '../../lib/api';
import { Image } from '../../lib/image';
import { trackItem } from '../../lib/tracking';
import { newIdempotencyKey } from '../../lib/idempotency';
import { slideTarget } from '../../lib/slides';
import { CLOSE_AFTER_SECONDS, nextPath, type Ad, type AdsNow } from './logic';
import './ads.css';
import './i18n';

const RESOURCE = 'ads';

/** The ad of the path, or (bare /ads) the interstitial due now; null when there is none to show. */
function useInterstitial(id: string | undefined) {
  return useQuery({
    queryKey: ['ads', 'page', id ?? ''],
    queryFn: async (): Promise<Ad | null> => {
      if (!id) return (await api<AdsNow>('/api/ads', { toastOnNetworkError: false })).interstitial;
      const r = await api<{ ad: Ad; due: boolean }>(`/api/ads/${encodeURIComponent(id)}`, { toastOnNetworkError: false });
      return r.due ? r.ad : null;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function AdsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const next = nextPath(params.get('next'));
  const navigate = useNavigate();
  const { data: ad, isError, isLoading } = useInterstitial(id);
  const [left, setLeft] = useState(CLOSE_AFTER_SECONDS);
  const [onScreen, setOnScreen] = useState(false);
  const shownId = useRef(newIdempotencyKey());
  const recorded = useRef(false);

  const goOn = useCallback(() => void navigate(next, { replace: true }), [navigate, next]);

  // Nothing to show: go on at once.
  useEffect(() => {
    if (isError || (!isLoading && !ad)) goOn();
  }, [isError, isLoading, ad, goOn]);

  // On screen: record the showing (once per showing id) and the impression; a cap reached meanwhile (another
  // device) → go on.
  useEffect(() => {
    if (!onScreen || !ad || recorded.current) return;
    recorded.current = true;
    trackItem(RESOURCE, ad.id, 'view');
    api(`/api/ads/${encodeURIComponent(ad.id)}/shown`, { method: 'POST', body: { shownId: shownId.current }, toastOnNetworkError: false }).catch(
      (e: unknown) => {
        if ((e as { status?: number }).status === 409 || (e as { status?: number }).status === 404) goOn();
      },
    );
  }, [onScreen, ad, goOn]);

  // The countdown runs while the picture is on screen.
  useEffect(() => {
    if (!onScreen || left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [onScreen, left]);

  if (!ad) return <LoadingScreen />;
  const target = slideTarget(ad.link);
  const tap = () => {
    trackItem(RESOURCE, ad.id, 'tap');
    if (target?.kind === 'app') void navigate(target.path, { replace: true });
    else if (target?.kind === 'web') {
      window.open(target.url, '_blank', 'noopener,noreferrer');
      goOn();
    }
  };
  const picture = (
    <>
      {onScreen ? null : <SpinLoading className="sf-ad__spinner" color="white" aria-label={t('ads.loading')} />}
      <Image
        className="sf-ad__image"
        src={ad.image.url}
        alt=""
        width={ad.image.width ?? 800}
        height={ad.image.height ?? 450}
        sizes="100vw"
        fit="contain"
        priority
        onLoad={() => setOnScreen(true)}
        onError={goOn}
      />
      <h1 className="sf-ad__title">{ad.title}</h1>
    </>
  );
  const canClose = onScreen && left <= 0;
  return (
    <main className="sf-ad" data-testid="ad-interstitial" data-ad-id={ad.id} aria-label={t('ads.label', { title: ad.title })}>
      <div className="sf-ad__top">
        <span className="sf-ad__tag">{t('ads.sponsored')}</span>
        <button
          type="button"
          className="sf-ad__close"
          onClick={goOn}
          disabled={!canClose}
          aria-label={canClose ? t('ads.closeLabel') : t('ads.closeInLabel', { n: left })}
          data-testid="ad-close"
        >
          {canClose ? (
            <>
              <CloseOutline aria-hidden="true" /> {t('ads.close')}
            </>
          ) : (
            <span aria-live="polite">{t('ads.closeIn', { n: left })}</span>
          )}
        </button>
      </div>
      {target ? (
        <button
          type="button"
          className="sf-ad__body"
          onClick={tap}
          aria-label={target.kind === 'web' ? t('ads.opensNewTab', { title: ad.title }) : ad.title}
          data-testid="ad-open"
        >
          {picture}
          <span className="sf-ad__cta">{t('ads.open')}</span>
        </button>
      ) : (
        <div className="sf-ad__body">{picture}</div>
      )}
    </main>
  );
}
