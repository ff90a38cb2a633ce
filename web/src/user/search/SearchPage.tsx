// Search (/search?q=&kind=): everything the person may open (contents, courses, exams, ebooks, articles,
// events, rewards, stories, polls, surveys) through GET /api/search, reached from Home and Learning. Kind
// filters, recent searches on this device, the matched words highlighted (the server sends text and ranges:
// React escapes the text, nothing is rendered as HTML).
import { Button, Skeleton } from 'antd-mobile';
import { CloseOutline, LeftOutline, RightOutline, SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Highlighted } from '../../components/Highlighted';
import { SearchBox } from '../../components/SearchBox';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useStaffSearch } from './api';
import {
  filterOf,
  loadRecent,
  MAX_QUERY_CHARS,
  parseSearchState,
  saveRecent,
  SEARCH_FILTERS,
  searchPath,
  withRecent,
  type SearchHit,
  type SearchState,
} from './logic';
import './search.css';
import { LoadMorePages } from '../../components/LoadMore';

function Hit({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation();
  const filter = filterOf(hit.kind);
  return (
    <Link to={hit.link} className="sf-search-hit" data-testid="search-hit" data-kind={hit.kind}>
      <span className="sf-search-hit__text">
        <span className="sf-search-hit__kind">{filter ? t(`search.kinds.${filter}`) : hit.kind}</span>
        <span className="sf-search-hit__title">
          <Highlighted text={hit.title} marks={hit.titleMarks} />
        </span>
        {hit.snippet ? (
          <span className="sf-search-hit__snippet">
            <Highlighted text={hit.snippet} marks={hit.snippetMarks} />
          </span>
        ) : null}
      </span>
      <RightOutline className="sf-search-hit__go" aria-hidden="true" />
    </Link>
  );
}

function Results({ state }: { state: SearchState }) {
  const { t } = useTranslation();
  const q = useStaffSearch(state);
  const hits = q.data?.pages.flatMap((p) => p.items) ?? [];
  if (q.isLoading)
    return (
      <div className="sf-search-results" aria-busy="true">
        {[0, 1, 2, 3].map((i) => <Skeleton key={i} animated className="sf-search-skeleton" />)}
      </div>
    );
  if (q.error && !q.data) {
    const tooLong = q.error instanceof ApiError && q.error.status === 400;
    return (
      <div className="sf-search-error" role="alert">
        <span>{tooLong ? t('search.tooLong', { count: MAX_QUERY_CHARS }) : t('search.loadError')}</span>
        {tooLong ? null : <Button size="small" onClick={() => void q.refetch()}>{t('search.retry')}</Button>}
      </div>
    );
  }
  if (!hits.length)
    return <EmptyState icon={<SearchOutline />} title={t('search.noResultsTitle', { q: state.q })} body={t('search.noResultsBody')} />;
  return (
    <>
      <ul className="sf-search-results" data-testid="search-results" aria-label={t('search.resultsLabel', { q: state.q })}>
        {hits.map((h) => (
          <li key={`${h.kind}-${h.id}`}>
            <Hit hit={h} />
          </li>
        ))}
      </ul>
      <LoadMorePages query={q}>
        {q.hasNextPage ? t('search.loadingMore') : <span className="sf-search-end">{t('search.end')}</span>}
      </LoadMorePages>
    </>
  );
}

function Recent({ list, onClear }: { list: string[]; onClear: () => void }) {
  const { t } = useTranslation();
  if (!list.length)
    return <EmptyState icon={<SearchOutline />} title={t('search.startTitle')} body={t('search.startBody')} />;
  return (
    <section className="sf-search-recent" aria-labelledby="search-recent-title" data-testid="search-recent">
      <div className="sf-search-recent__head">
        <h2 id="search-recent-title">{t('search.recent')}</h2>
        <button type="button" className="sf-search-recent__clear" onClick={onClear}>
          {t('search.clearRecent')}
        </button>
      </div>
      <ul>
        {list.map((r) => (
          <li key={r}>
            <Link to={searchPath({ q: r, filter: '' })} className="sf-search-recent__item">
              <SearchOutline aria-hidden="true" />
              <span>{r}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sp] = useSearchParams();
  const state = parseSearchState(sp);
  const userId = useSession().data?.user.id ?? '';
  const [text, setText] = useState(state.q);
  const [recent, setRecent] = useState(() => loadRecent(userId));
  const [shownQ, setShownQ] = useState(state.q);
  if (shownQ !== state.q) {
    // Back/forward or a recent search changed the address: the box shows what is searched.
    setShownQ(state.q);
    setText(state.q);
  }
  const go = (next: SearchState, replace = false) => {
    if (next.q) {
      const list = withRecent(recent, next.q);
      setRecent(list);
      saveRecent(userId, list);
    }
    navigate(searchPath(next), { replace });
  };

  return (
    <div className="sf-page sf-search-page" data-testid="search-page">
      <div className="sf-search-bar">
        <button type="button" className="sf-search-bar__back" aria-label={t('search.back')} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/main'))}>
          <LeftOutline aria-hidden="true" />
        </button>
        <SearchBox
          block="sf-search-form"
          value={text}
          onChange={setText}
          onSubmit={() => go({ ...state, q: text.trim() })}
          maxLength={MAX_QUERY_CHARS}
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          autoFocus={!state.q}
          testId="search-input"
        >
          {text ? (
            <button type="button" className="sf-search-form__clear" aria-label={t('search.clear')} onClick={() => setText('')}>
              <CloseOutline aria-hidden="true" />
            </button>
          ) : null}
        </SearchBox>
      </div>
      <nav className="sf-search-filters" aria-label={t('search.filterLabel')}>
        {(['', ...SEARCH_FILTERS.map((f) => f.key)] as const).map((key) => (
          <button
            key={key || 'all'}
            type="button"
            className={`sf-search-filter${state.filter === key ? ' sf-search-filter--active' : ''}`}
            aria-pressed={state.filter === key}
            data-testid={`search-filter-${key || 'all'}`}
            onClick={() => navigate(searchPath({ ...state, filter: key }), { replace: true })}
          >
            {key ? t(`search.kinds.${key}`) : t('search.kinds.all')}
          </button>
        ))}
      </nav>
      {state.q ? (
        <Results state={state} />
      ) : (
        <Recent
          list={recent}
          onClear={() => {
            setRecent([]);
            saveRecent(userId, []);
          }}
        />
      )}
    </div>
  );
}

export default SearchPage;
