// A receipt with lines and a torn edge, in antd-mobile-icons' size and colour (1em, currentColor).
// antd-mobile's own ReceiptOutline carries a ¥ sign, which reads as a foreign currency to Thai staff.
export function ReceiptIcon() {
  return (
    <svg className="antd-mobile-icon" width="1em" height="1em" viewBox="0 0 48 48" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M13 5h22a3 3 0 0 1 3 3v35l-4.7-3.2-4.6 3.2-4.7-3.2-4.7 3.2-4.6-3.2L10 43V8a3 3 0 0 1 3-3z" />
      <path d="M17 15h14M17 22h14M17 29h8" />
    </svg>
  );
}
