// A declarative confirm/alert dialog. antd-mobile's imperative Dialog.confirm/alert render through the
// legacy ReactDOM.render, which React 19 no longer has, so every dialog here is a component.
import { Dialog } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/dialog';
import { useState, type ReactNode } from 'react';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  confirmText: ReactNode;
  /** Without it the dialog is an alert with one button. */
  cancelText?: ReactNode;
  danger?: boolean;
  onConfirm?: () => void | Promise<void>;
  testId?: string;
}

/** `[element, open]`: render the element once, call `open(options)` to ask. */
export function useConfirm(): [ReactNode, (options: ConfirmOptions) => void] {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => setOptions(null);
  const actions: Action[] = options
    ? [
        {
          key: 'confirm',
          text: options.confirmText,
          bold: true,
          danger: options.danger,
          disabled: busy,
          onClick: async () => {
            setBusy(true);
            try {
              await options.onConfirm?.();
            } finally {
              setBusy(false);
              close();
            }
          },
          'data-testid': `${options.testId ?? 'dialog'}-confirm`,
        } as Action,
        ...(options.cancelText
          ? [{ key: 'cancel', text: options.cancelText, onClick: close, 'data-testid': `${options.testId ?? 'dialog'}-cancel` } as Action]
          : []),
      ]
    : [];
  const element = (
    <Dialog
      visible={!!options}
      title={options?.title}
      content={options?.content ? <div data-testid={options.testId}>{options.content}</div> : undefined}
      actions={actions}
      onClose={close}
      closeOnMaskClick={!!options?.cancelText}
    />
  );
  return [element, setOptions];
}
