// A QR code drawn on a canvas (the coupon sheet, the event ticket). qrcode is imported here only, so it ships
// in the lazy chunks that draw one.
import { toCanvas } from 'qrcode';
import { useEffect, useRef } from 'react';

export function QrCode({ value, size = 184, className, testId, label }: { value: string; size?: number; className?: string; testId?: string; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    toCanvas(ref.current, value, { width: size, margin: 1, errorCorrectionLevel: 'M' }).catch(() => {
      /* an impossible value: the text beside it stays readable */
    });
  }, [value, size]);
  return <canvas ref={ref} className={className} data-testid={testId} role="img" aria-label={label} />;
}
