// Search (/learning/search?q=&type=&category=) and category browse (/learning/category/:id?subcategory=):
// filter chips and an infinitely scrolled list of cards.
import { Skeleton } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useLearningHome, useLearningSearch } from './api';
import { LearningCard } from './LearningCard';
import { parseSearchParams, SEARCH_TYPES, searchQueryString, type SearchParams } from './logic';
import { BackBar, LoadError, SearchForm } from './parts';
import './learning.css';
import { LoadMorePages } from '../../components/LoadMore';

function TypeChips({ params, base }: { params: SearchParams; base: string }) {
  const { t } = useTranslation();
  return (
    <nav className="sf-chips" aria-label={t('learningTab.filterType')}>
      {(['', ...SEARCH_TYPES] as const).map((type) => (
        <Link
          key={type || 'all'}
          to={`${base}${searchQueryString({ ...params, type })}`}
          replace
          className={`sf-chip${params.type === type ? ' sf-chip--active' : ''}`}
          aria-current={params.type === type ? 'true' : undefined}
          data-testid={`type-${type || 'all'}`}
        >
          {type ? t(`learningTab.types.${type}`) : t('learningTab.types.all')}
        </Link>
      ))}
    </nav>
  );
}

function Results({ params }: { params: SearchParams }) {
  const { t } = useTranslation();
  const q = useLearningSearch(params);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;
  if (q.isLoading)
    return (
      <div className="sf-results" aria-busy="true">
        {[0, 1, 2, 3].map((i) => <Skeleton key={i} animated className="sf-result-skeleton" />)}
      </div>
    );
  if (q.error && !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (!items.length)
    return (
      <EmptyState
        icon={<SearchOutline />}
        title={params.q ? t('learningTab.noResultsTitle', { q: params.q }) : t('learningTab.nothingHereTitle')}
        body={params.q ? t('learningTab.noResultsBody') : t('learningTab.nothingHereBody')}
      />
    );
  return (
    <>
      <p className="sf-results__count" role="status" data-testid="results-count">{t('learningTab.resultCount', { count: total })}</p>
      <ul className="sf-results" data-testid="results">
        {items.map((c, i) => (
          <li key={`${c.type}-${c.id}`}>
            <LearningCard card={c} variant="list" priority={i < 3} />
          </li>
        ))}
      </ul>
      <LoadMorePages query={q}>
        {q.hasNextPage ? t('learningTab.loadingMore') : <span className="sf-results__end">{t('learningTab.end')}</span>}
      </LoadMorePages>
    </>
  );
}

export function SearchPage() {
  const { t } = useTranslation();
  const [sp] = useSearchParams();
  const params = parseSearchParams(sp);
  const home = useLearningHome();
  const category = params.category ? home.data?.categories.find((c) => c.id === params.category) : undefined;
  return (
    <div className="sf-page sf-lsearch-page" data-testid="learning-search">
      <BackBar fallback="/learning" title={t('learningTab.searchTitle')} />
      <SearchForm key={params.q} initial={params.q} extra={{ type: params.type, category: params.category }} autoFocus={!params.q && !params.type && !params.category} />
      <TypeChips params={params} base="/learning/search" />
      {category ? (
        <p className="sf-results__scope">
          {t('learningTab.inCategory', { name: category.name })}{' '}
          <Link to={`/learning/search${searchQueryString({ ...params, category: '' })}`} replace className="sf-link-button">
            {t('learningTab.clearCategory')}
          </Link>
        </p>
      ) : null}
      <Results params={params} />
    </div>
  );
}

export function CategoryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [sp] = useSearchParams();
  const p = parseSearchParams(sp);
  const params: SearchParams = { ...p, category: id };
  const home = useLearningHome();
  const category = home.data?.categories.find((c) => c.id === id);
  const base = `/learning/category/${encodeURIComponent(id)}`;
  return (
    <div className="sf-page sf-lcategory" data-testid="learning-category">
      <BackBar fallback="/learning" title={category?.name ?? t('learningTab.categories')} />
      <SearchForm extra={{ category: id }} />
      {category?.subcategories.length ? (
        <nav className="sf-chips" aria-label={t('learningTab.subcategories')}>
          <Link to={`${base}${searchQueryString({ type: p.type })}`} replace className={`sf-chip${!p.subcategory ? ' sf-chip--active' : ''}`} aria-current={!p.subcategory ? 'true' : undefined}>
            {t('learningTab.allSubcategories')}
          </Link>
          {category.subcategories.map((s) => (
            <Link
              key={s.id}
              to={`${base}${searchQueryString({ type: p.type, subcategory: s.id })}`}
              replace
              className={`sf-chip${p.subcategory === s.id ? ' sf-chip--active' : ''}`}
              aria-current={p.subcategory === s.id ? 'true' : undefined}
              data-testid={`subcategory-${s.id}`}
            >
              {s.name}
            </Link>
          ))}
        </nav>
      ) : null}
      <TypeChips params={{ ...p, category: '', q: '' }} base={base} />
      <Results params={params} />
    </div>
  );
}
