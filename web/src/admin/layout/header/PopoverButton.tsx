// A round icon button of the top bar that opens a panel under it (notifications, help).
import { Button, Popover, Tooltip } from 'antd';
import type { ReactNode } from 'react';

export function PopoverButton({ label, title, icon, content }: { label: string; title: string; icon: ReactNode; content: ReactNode }) {
  return (
    <Popover trigger="click" placement="bottomRight" title={title} content={content}>
      <Tooltip title={label}>
        <Button type="text" shape="circle" aria-label={label} icon={icon} />
      </Tooltip>
    </Popover>
  );
}
