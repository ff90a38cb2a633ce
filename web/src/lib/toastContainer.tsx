// The toasts' container and react-toastify itself: a lazy chunk (toast.tsx loads it). The region and its close
// buttons are named in the reader's language (react-toastify's own names are English); no timer bar, whose name
// cannot be.
import { useTranslation } from 'react-i18next';
import { Slide, ToastContainer, toast, type ToastOptions } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_POSITION = 'top-right' as const;

const base: ToastOptions = { position: TOAST_POSITION, autoClose: TOAST_AUTO_CLOSE_MS };

export function showToast(kind: 'success' | 'error' | 'info', message: string, id?: string) {
  toast[kind](message, { ...base, toastId: id });
}

export default function Toaster() {
  const { t } = useTranslation();
  return (
    <ToastContainer
      aria-label={t('toast.region')}
      closeButton={({ closeToast, theme }) => (
        <button type="button" className={`Toastify__close-button Toastify__close-button--${theme}`} aria-label={t('toast.close')} onClick={(e) => { e.stopPropagation(); closeToast(true); }}>
          <svg aria-hidden="true" viewBox="0 0 14 16"><path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" /></svg>
        </button>
      )}
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
