// A story's page (/stores/:id): the card, the author's state (pending note, rejection reason, edit, delete),
// the comments as plain text (React escapes them; line breaks kept by CSS) with a box to add one, and report.
import { Button, Dialog, Skeleton, TextArea } from 'antd-mobile';
import { DeleteOutline, ExclamationCircleOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { profilePath } from '../../lib/profiles';
import { EmptyState } from '../../components/EmptyState';
import { UserPicture } from '../../components/Initials';
import { notify } from '../../lib/toast';
import { ClubHeader } from '../../components/ClubParts';
import { formatDate } from '../../lib/format';
import { StoryCard } from './StoryCard';
import { storyErrorText, useComment, useComments, useDeleteStory, useReport, useStory } from './api';
import { canEdit, canInteract } from './logic';
import type { Story } from './types';

function Comments({ story }: { story: Story }) {
  const { t } = useTranslation();
  const { data } = useComments(story.id, canInteract(story));
  const { add, remove } = useComment(story.id);
  const [text, setText] = useState('');
  const send = () => {
    if (!text.trim() || add.isPending) return;
    add.mutate(text, {
      onSuccess: () => setText(''),
      onError: (e) => notify.error(storyErrorText(t, e), `story-comment-${story.id}`),
    });
  };
  return (
    <section className="sf-card sf-story-comments" data-testid="story-comments-list">
      <h2 className="sf-story-comments__title">{t('stories.detail.comments')}</h2>
      {data?.items.length ? (
        <ul className="sf-story-comments__list">
          {data.items.map((c) => (
            <li key={c.id} className="sf-story-comment" data-testid="story-comment">
              <Link to={profilePath(c.author.id)} aria-label={c.author.name} className="sf-person-link"><UserPicture name={c.author.name} image={c.author.image} size={32} /></Link>
              <div className="sf-story-comment__body">
                <div className="sf-story-comment__meta">
                  <Link to={profilePath(c.author.id)} className="sf-person-link"><strong>{c.author.name}</strong></Link> <span>{formatDate(c.createdAt, true)}</span>
                </div>
                <p className="sf-story-comment__text">{c.body}</p>
              </div>
              {c.canDelete ? (
                <button type="button" className="sf-story-comment__delete" aria-label={t('stories.detail.deleteComment')} onClick={() => remove.mutate(c.id, { onError: (e) => notify.error(storyErrorText(t, e), `story-comment-${story.id}`) })}>
                  <DeleteOutline />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="sf-story-comments__none">{t('stories.detail.noComments')}</p>
      )}
      <div className="sf-story-comments__new">
        <TextArea value={text} onChange={setText} maxLength={1000} autoSize={{ minRows: 1, maxRows: 5 }} placeholder={t('stories.detail.commentHint')} data-testid="story-comment-input" />
        <Button color="primary" shape="rounded" size="small" disabled={!text.trim()} loading={add.isPending} onClick={send} data-testid="story-comment-send">
          {t('stories.detail.send')}
        </Button>
      </div>
    </section>
  );
}

export function StoryPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: story, isLoading, isError, error } = useStory(id);
  const del = useDeleteStory();
  const report = useReport();

  const onDelete = async () => {
    if (!(await Dialog.confirm({ content: t('stories.detail.deleteConfirm'), confirmText: t('stories.detail.confirm'), cancelText: t('stories.detail.cancel') }))) return;
    del.mutate(id, {
      onSuccess: () => {
        notify.success(t('stories.detail.deleted'), `story-${id}`);
        navigate('/stores/mine');
      },
      onError: (e) => notify.error(storyErrorText(t, e), `story-${id}`),
    });
  };
  const onReport = () => {
    let reason = '';
    void Dialog.confirm({
      title: t('stories.detail.reportTitle'),
      content: <TextArea placeholder={t('stories.detail.reportHint')} maxLength={500} rows={3} onChange={(v) => (reason = v)} />,
      confirmText: t('stories.detail.report'),
      cancelText: t('stories.detail.cancel'),
      onConfirm: async () => {
        try {
          await report.mutateAsync({ id, reason: reason.trim() || undefined });
          notify.success(t('stories.detail.reported'), `story-report-${id}`);
        } catch (e) {
          notify.error(storyErrorText(t, e), `story-report-${id}`);
        }
      },
    });
  };

  return (
    <div className="sf-page sf-stories sf-story-page" data-testid="story-page">
      <ClubHeader title={t('stories.detail.title')} to="/stores" backLabel={t('stories.title')} />
      {isError ? (
        <EmptyState icon={<ShopbagOutline />} title={t('stories.detail.missing')} body={storyErrorText(t, error)} />
      ) : isLoading || !story ? (
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={8} animated /></div>
      ) : (
        <>
          {story.mine && story.status === 'pending' ? <p className="sf-story-note" data-testid="story-pending">{t('stories.detail.pendingNote')}</p> : null}
          {story.mine && story.status === 'rejected' ? <p className="sf-story-note sf-story-note--bad" data-testid="story-rejected">{t('stories.detail.rejectedNote', { reason: story.rejectReason ?? '' })}</p> : null}
          <StoryCard story={story} linked={false} priority />
          <div className="sf-story-tools">
            {canEdit(story) ? <Button size="small" shape="rounded" onClick={() => navigate(`/stores/${id}/edit`)} data-testid="story-edit">{t('stories.detail.edit')}</Button> : null}
            {story.mine ? <Button size="small" shape="rounded" color="danger" fill="outline" onClick={() => void onDelete()} data-testid="story-delete">{t('stories.detail.delete')}</Button> : null}
            {!story.mine && canInteract(story) ? (
              <Button size="small" shape="rounded" fill="none" onClick={onReport} data-testid="story-report"><ExclamationCircleOutline /> {t('stories.detail.report')}</Button>
            ) : null}
          </div>
          {canInteract(story) ? <Comments story={story} /> : null}
        </>
      )}
    </div>
  );
}
