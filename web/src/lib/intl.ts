// The browser's Intl formatters, made once per locale and options: making one costs far more than using it
// (a Thai date formatter loads the Buddhist calendar's data), and a list formats a date per row on every render.
// Home's first render made dozens; Lighthouse counted them among its long tasks.
type Options = Intl.DateTimeFormatOptions | Intl.NumberFormatOptions | Intl.RelativeTimeFormatOptions;

function cached<F>(make: (locale?: string, options?: never) => F) {
  const made = new Map<string, F>();
  // No locale: the browser's own.
  return (locale?: string, options?: Options): F => {
    const key = `${locale ?? ''}|${options ? JSON.stringify(options) : ''}`;
    let f = made.get(key);
    if (!f) {
      f = make(locale, options as never);
      made.set(key, f);
    }
    return f;
  };
}

export const dateTimeFormat: (locale?: string, options?: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat = cached(
  (locale, options) => new Intl.DateTimeFormat(locale, options),
);
export const numberFormat: (locale?: string, options?: Intl.NumberFormatOptions) => Intl.NumberFormat = cached(
  (locale, options) => new Intl.NumberFormat(locale, options),
);
export const relativeTimeFormat: (locale?: string, options?: Intl.RelativeTimeFormatOptions) => Intl.RelativeTimeFormat = cached(
  (locale, options) => new Intl.RelativeTimeFormat(locale, options),
);
