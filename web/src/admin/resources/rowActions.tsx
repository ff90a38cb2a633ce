// What can be done to one item of a list, as data: the kit draws it as a compact menu on the row (beside the
// view and edit icons, which need no words) and as a menu button in the item's drawer, each entry with its
// icon AND its words, so a trophy reads "adjust points" and a key "reset password". An entry that asks first
// says so with `confirm`; the kit shows the question.
import { DownOutlined, MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item, ResourceSchema } from './schema';

export interface RowAction {
  key: string;
  /** The entry's words (the menu shows them beside the icon). */
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  /** A test id on the entry (the menu opens from `row-actions`). */
  testId?: string;
  /** Ask before doing it: the question, an optional line under it, the button's words. */
  confirm?: { title: string; body?: ReactNode; okText: string };
  run: () => unknown;
}

/** An area's actions for one item; falsy entries are left out (so `cond && {...}` reads naturally). */
export type RowActions = (item: Item, schema: ResourceSchema) => (RowAction | false | null | undefined)[];

export const presentActions = (list: (RowAction | false | null | undefined)[]): RowAction[] => list.filter((a): a is RowAction => !!a);

/** The menu's items, running each action (after its question, when it has one). */
function useMenu(actions: RowAction[]): MenuProps {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const byKey = new Map(actions.map((a) => [a.key, a]));
  return {
    items: actions.map((a) => ({
      key: a.key,
      icon: a.icon,
      danger: a.danger,
      disabled: a.disabled,
      label: <span data-testid={a.testId}>{a.label}</span>,
    })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      const a = byKey.get(key);
      if (!a) return;
      if (!a.confirm) {
        void a.run();
        return;
      }
      modal.confirm({
        title: a.confirm.title,
        content: a.confirm.body,
        okText: a.confirm.okText,
        okButtonProps: { danger: a.danger },
        cancelText: t('common.cancel'),
        onOk: async () => {
          await a.run();
        },
      });
    },
  };
}

/** The row's "more" button: a compact menu of the item's actions with their words. */
export function RowActionsMenu({ actions, title }: { actions: RowAction[]; title: string }) {
  const { t } = useTranslation();
  const menu = useMenu(actions);
  const [open, setOpen] = useState(false);
  if (!actions.length) return null;
  return (
    <Dropdown menu={menu} trigger={['click']} placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined />}
        aria-label={t('resource.moreActions', { title })}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="row-actions"
        onClick={(e) => e.stopPropagation()}
      />
    </Dropdown>
  );
}

/** The same actions as a labelled menu button (the item's drawer). */
export function ActionsButton({ actions }: { actions: RowAction[] }) {
  const { t } = useTranslation();
  const menu = useMenu(actions);
  if (!actions.length) return null;
  return (
    <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
      <Button data-testid="item-actions">
        {t('resource.actionsMenu')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
