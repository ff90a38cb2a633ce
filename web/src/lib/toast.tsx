// One way to show a toast: top-right, closes after 3 s (SPEC §2).
import { Slide, ToastContainer, toast, type ToastOptions } from 'react-toastify';
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
  return (
    <ToastContainer
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
