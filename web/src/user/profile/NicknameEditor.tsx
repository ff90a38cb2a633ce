// The owner's nickname (PATCH /api/me {nickname}; empty clears it): a row of the profile's list that opens a
// sheet with the field, so the keyboard has room on a phone.
import { Button, Input, List, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateMe } from '../../lib/me';
import { notifyEditFailed } from './failure';
import { notify } from '../../lib/toast';

const MAX = 60;

export function NicknameEditor({ nickname }: { nickname: string | null | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const updateMe = useUpdateMe();
  const start = () => {
    setValue(nickname ?? '');
    setOpen(true);
  };
  const save = async () => {
    const next = value.trim();
    try {
      await updateMe.mutateAsync({ nickname: next ? next : null });
      notify.success(t('profile.nicknameSaved'));
      setOpen(false);
    } catch (e) {
      notifyEditFailed(t, e, 'profile.nicknameFailed');
    }
  };
  return (
    <>
      <List.Item onClick={start} extra={<span data-testid="profile-nickname">{nickname || t('profile.noNickname')}</span>} data-testid="profile-edit-nickname">
        {t('profile.nickname')}
      </List.Item>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="sf-nickname-sheet" destroyOnClose>
        <h2 className="sf-photo-crop__title">{t('profile.nickname')}</h2>
        <p className="sf-card__hint">{t('profile.nicknameHint')}</p>
        <Input className="sf-nickname-sheet__input" value={value} onChange={setValue} maxLength={MAX} clearable autoFocus placeholder={t('profile.nicknamePlaceholder')} aria-label={t('profile.nickname')} onEnterPress={() => void save()} data-testid="profile-nickname-input" />
        <div className="sf-photo-crop__buttons">
          <Button block size="large" onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button block size="large" color="primary" loading={updateMe.isPending} onClick={() => void save()} data-testid="profile-nickname-save">
            {t('common.save')}
          </Button>
        </div>
      </Popup>
    </>
  );
}
