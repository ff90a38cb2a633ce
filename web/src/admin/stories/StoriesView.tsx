// Story moderation (a tab beside articles): the kit's list of `stories` (status / reported / featured filters
// from the schema) with the moderation actions on each row: publish (or keep a reported story), reject with a
// reason the author sees, feature / unfeature (the kit adds view and delete). The story's comments are the tab
// beside it.
import { CheckCircleOutlined, StarFilled, StarOutlined, StopOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { ClubThumb } from '../resources/ClubThumb';
import { ReasonDialog } from '../resources/ReasonDialog';
import { runAction, useInvalidateResource } from '../resources/data';
import { ResourceView } from '../resources/ResourceView';
import type { Item } from '../resources/schema';
import type { RowActions } from '../resources/rowActions';
import './stories.css';

function useStoryAction() {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  return async (id: string, action: string, done: string, body: Record<string, unknown> = {}) => {
    try {
      await runAction('stories', id, action, body);
      notify.success(done);
    } catch (e) {
      notify.error(e instanceof ApiError ? Object.values(e.fields)[0] || e.message : t('resource.saveFailed'));
      if (action === 'reject') throw e;
    } finally {
      void invalidate('stories');
    }
  };
}

export function StoriesView() {
  const { t } = useTranslation();
  const act = useStoryAction();
  const [rejecting, setRejecting] = useState<Item | null>(null);

  const rowActions = useCallback<RowActions>(
    (item: Item) => {
      const published = item.status === 'published';
      return [
        (!published || !!item.reported) && {
          key: 'publish',
          label: t(published ? 'storyModeration.keep' : 'storyModeration.publish'),
          icon: <CheckCircleOutlined />,
          testId: 'story-publish',
          run: () => act(item.id, 'publish', t('storyModeration.published')),
        },
        item.status !== 'rejected' && { key: 'reject', label: t('storyModeration.reject'), icon: <StopOutlined />, danger: true, testId: 'story-reject', run: () => setRejecting(item) },
        published && {
          key: 'feature',
          label: t(item.featured ? 'storyModeration.unfeature' : 'storyModeration.feature'),
          icon: item.featured ? <StarFilled className="sf-story-admin__star" /> : <StarOutlined />,
          testId: 'story-feature',
          run: () => act(item.id, item.featured ? 'unfeature' : 'feature', t(item.featured ? 'storyModeration.unfeatured' : 'storyModeration.featured')),
        },
      ];
    },
    [act, t],
  );

  return (
    <>
      <ResourceView
        resource="stories"
        updatedColumn={false}
        cells={{
          photos: (v) => {
            const ids = Array.isArray(v) ? v : [];
            return (
              <span className="sf-story-admin__photos">
                <ClubThumb id={ids[0]} size={56} />
                {ids.length > 1 ? <span className="sf-story-admin__more">+{ids.length - 1}</span> : null}
              </span>
            );
          },
          text: (v) => <Typography.Paragraph className="sf-story-admin__text" ellipsis={{ rows: 3 }}>{String(v ?? '')}</Typography.Paragraph>,
          status: (v, item) => (
            <span className="sf-story-admin__status" data-testid="story-admin-status" data-status={String(v)}>
              <Tag color={v === 'published' ? 'green' : v === 'rejected' ? 'red' : 'gold'}>{t(`storyModeration.status.${String(v)}`)}</Tag>
              {item.reported ? <Tag color="volcano">{t('storyModeration.reportedN', { n: Number(item.reportsCount ?? 0) })}</Tag> : null}
            </span>
          ),
        }}
        rowActions={rowActions}
      />
      <ReasonDialog
        open={!!rejecting}
        title={t('storyModeration.rejectTitle')}
        okText={t('storyModeration.reject')}
        required
        onCancel={() => setRejecting(null)}
        onSubmit={async (reason) => {
          if (!rejecting) return;
          await act(rejecting.id, 'reject', t('storyModeration.rejected'), { reason });
          setRejecting(null);
        }}
      />
    </>
  );
}

/** The comments of stories: read, search, filter by story; the kit's delete on each row. */
export function StoryCommentsView() {
  return (
    <ResourceView
      resource="story-comments"
      updatedColumn={false}
      cells={{ body: (v) => <Typography.Paragraph className="sf-story-admin__text" ellipsis={{ rows: 2 }}>{String(v ?? '')}</Typography.Paragraph> }}
    />
  );
}
