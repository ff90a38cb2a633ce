// A claimed coupon for the cashier: the code in big type with Copy, a QR code and a Code 128 barcode.
// jsbarcode is imported here only (and qrcode through QrCode), so they ship in the club's lazy chunk.
import { Button } from 'antd-mobile';
import JsBarcode from 'jsbarcode';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/QrCode';
import { notify } from '../../lib/toast';

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* not allowed (plain http, old WebView): fall back below */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export function CouponCode({ code, disabled }: { code: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const bar = useRef<SVGSVGElement>(null);
  const [barcodeOk, setBarcodeOk] = useState(true);

  useEffect(() => {
    if (!bar.current) return;
    try {
      JsBarcode(bar.current, code, { format: 'CODE128', displayValue: false, height: 64, width: 2, margin: 0, background: 'transparent' });
      setBarcodeOk(true);
    } catch {
      setBarcodeOk(false);
    }
  }, [code]);

  const copy = async () => {
    if (await copyText(code)) notify.success(t('clubScreens.coupons.copied'), 'coupon-copied');
    else notify.error(t('clubScreens.coupons.copyFailed'), 'coupon-copied');
  };

  return (
    <div className={`sf-coupon-code ${disabled ? 'is-disabled' : ''}`}>
      <p className="sf-coupon-code__hint">{disabled ? t('clubScreens.coupons.notUsable') : t('clubScreens.coupons.showCashier')}</p>
      <output className="sf-coupon-code__value" data-testid="coupon-code" aria-label={t('clubScreens.coupons.code')}>{code}</output>
      <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void copy()} data-testid="coupon-copy">
        {t('clubScreens.coupons.copy')}
      </Button>
      <QrCode value={code} className="sf-coupon-code__qr" testId="coupon-qr" label={t('clubScreens.coupons.qr')} />
      <svg ref={bar} className="sf-coupon-code__barcode" data-testid="coupon-barcode" role="img" aria-label={t('clubScreens.coupons.barcode')} style={barcodeOk ? undefined : { display: 'none' }} />
    </div>
  );
}
