// One way to show a toast: top-right, closes after 3 s (SPEC §2). The region and its close buttons are named
// in the reader's language (react-toastify's own names are English); no timer bar, whose name cannot be.
import { useTranslation } from 'react-i18next';
import { CloseButton, Slide, ToastContainer, toast, type ToastOptions } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_POSITION = 'top-right' as const;

const base: ToastOptions = { position: TOAST_POSITION, autoClose: TOAST_AUTO_CLOSE_MS };

export const notify = {
  success: (message: string, id?: string) => toast.success(message, { ...base, toastId: id }),
  error: (message: string, id?: string) => toast.error(message, { ...base, toastId: id }),
  info: (message: string, id?: string) => toast.info(message, { ...base, toastId: id }),
};

export function Toaster() {
  const { t } = useTranslation();
  return (
    <ToastContainer
      aria-label={t('toast.region')}
      closeButton={({ closeToast, theme }) => <CloseButton closeToast={closeToast} theme={theme} ariaLabel={t('toast.close')} />}
      hideProgressBar
      position={TOAST_POSITION}
      autoClose={TOAST_AUTO_CLOSE_MS}
      transition={Slide}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss={false}
      limit={3}
      theme="light"
    />
  );
}
