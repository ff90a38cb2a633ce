// Badges (/admin/badges): the kit's `badges` list (publish / archive on every row) with the picture, the rule
// and what it counts, the awarded count and the backfill that publishing a rule badge starts (polled while it
// runs). A badge opens its own screen (holders, manual award and revoke). The form shows the rule's own fields
// only (`course`, `exam`, `threshold`): the schema's `visibleWhen`, from the server's rule registry.
import { TrophyOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceSchema } from '../resources/data';
import { PublishableList } from '../resources/PublishableList';
import { listFields, type Item } from '../resources/schema';
import { useItemScreens } from '../resources/itemScreens';
import { BackfillProgress, Count, CriteriaCell, Thumb } from './parts';

/** The columns while the server's schema names none (its `listColumns` win once declared). */
const COLUMNS = ['image', 'name', 'criteria', 'awardedCount', 'status'];

export function BadgesView() {
  const { t } = useTranslation();
  const { resource } = useResourceSchema('badges');
  // The backfill goes in its own column when the server lists one, else under the awarded count.
  const columns = resource?.listColumns?.length ? undefined : COLUMNS;
  const backfillColumn = !!resource && listFields(resource, columns).some((f) => f.name === 'backfill');
  const cells = useMemo(
    () => ({
      image: (v: unknown) => <Thumb id={v} round />,
      criteria: (_: unknown, item: Item) => <CriteriaCell item={item} schema={resource} />,
      awardedCount: (v: unknown, item: Item) => (
        <span className="sf-rec-count">
          <Count value={v} />
          {backfillColumn ? null : <BackfillProgress item={item} />}
        </span>
      ),
      backfill: (_: unknown, item: Item) => <BackfillProgress item={item} />,
    }),
    [resource, backfillColumn],
  );
  const screens = useItemScreens('/admin/badges', { key: 'holders', label: t('recognitionAdmin.badge.manage'), icon: <TrophyOutlined /> });
  return (
    <div className="sf-rec-admin">
      <PublishableList resource="badges" columns={columns} cells={cells} {...screens} />
    </div>
  );
}
