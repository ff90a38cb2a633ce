// The Success Story tab (/stores): the published stories, featured first then newest, loaded a page at a time
// as the person scrolls (keyset cursor from the server), filtered by region and store; the post button and
// "my stories".
import { Button, Picker, Skeleton } from 'antd-mobile';
import { AddOutline, DownOutline, FileOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { StoryCard } from './StoryCard';
import { useFeed, usePlaces } from './api';
import { storesOf } from './logic';
import type { FeedFilter } from './types';
import { LoadError } from '../../components/LoadError';
import { LoadMorePages } from '../../components/LoadMore';
import { useDeferredAnswer } from '../../lib/deferredAnswer';

function FilterButton({ label, value, options, onPick, testId }: { label: string; value: string; options: { label: string; value: string }[]; onPick: (v: string) => void; testId: string }) {
  const [open, setOpen] = useState(false);
  const current = options.find((o) => o.value === value)?.label ?? label;
  return (
    <>
      <button type="button" className={`sf-stories-filter${value ? ' is-on' : ''}`} onClick={() => setOpen(true)} data-testid={testId}>
        <span>{current}</span> <DownOutline />
      </button>
      <Picker columns={[options]} visible={open} value={[value]} onClose={() => setOpen(false)} onConfirm={(v) => onPick(String(v[0] ?? ''))} title={label} />
    </>
  );
}

export function StoriesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<FeedFilter>({});
  const places = usePlaces();
  const feed = useFeed(filter);
  // The cards render from a deferred copy of the feed (lib/deferredAnswer.ts).
  const { data: pages, loading } = useDeferredAnswer(feed.data, feed.isLoading);
  const stories = useMemo(() => pages?.pages.flatMap((p) => p.items) ?? [], [pages]);
  const regionOptions = [{ label: t('stories.filters.allRegions'), value: '' }, ...(places.data?.regions ?? []).map((r) => ({ label: r.name, value: r.id }))];
  const storeOptions = [{ label: t('stories.filters.allStores'), value: '' }, ...storesOf(places.data?.stores ?? [], filter.region).map((s) => ({ label: s.name, value: s.id }))];

  return (
    <div className="sf-page sf-stories" data-testid="stories-page">
      <PageHeader title={t('stories.title')} subtitle={t('stories.subtitle')} />
      <div className="sf-stories-actions">
        <Button color="primary" shape="rounded" onClick={() => navigate('/stores/new')} data-testid="stories-post">
          <AddOutline /> {t('stories.post')}
        </Button>
        <Button shape="rounded" onClick={() => navigate('/stores/mine')} data-testid="stories-mine">
          <FileOutline /> {t('stories.mine')}
        </Button>
      </div>
      <div className="sf-stories-bar">
        <FilterButton label={t('stories.filters.region')} value={filter.region ?? ''} options={regionOptions} onPick={(v) => setFilter({ region: v || undefined })} testId="stories-region" />
        <FilterButton label={t('stories.filters.store')} value={filter.store ?? ''} options={storeOptions} onPick={(v) => setFilter((f) => ({ region: f.region, store: v || undefined }))} testId="stories-store" />
      </div>
      {feed.isError && !stories.length ? (
        <LoadError text={t('clubScreens.loadError')} onRetry={() => void feed.refetch()} />
      ) : loading ? (
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={6} animated /></div>
      ) : stories.length === 0 ? (
        <EmptyState icon={<ShopbagOutline />} title={t('stories.feed.emptyTitle')} body={t('stories.feed.emptyBody')} />
      ) : (
        <>
          {stories.map((s, i) => <StoryCard key={s.id} story={s} priority={i === 0} />)}
          <LoadMorePages query={feed}>
            <span className="sf-stories-end">{feed.hasNextPage ? t('stories.feed.loading') : t('stories.feed.end')}</span>
          </LoadMorePages>
        </>
      )}
    </div>
  );
}
