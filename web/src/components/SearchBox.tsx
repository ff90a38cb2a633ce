// A search form (role=search): the magnifier, a search field, and what follows it (a submit or a clear button),
// with BEM classes under `block` (`block__icon`, `block__input`). The learning search and the app-wide search
// both draw it.
import { SearchOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

export function SearchBox({ block, value, onChange, onSubmit, maxLength, label, placeholder, autoFocus, testId, children }: {
  block: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  maxLength: number;
  label: string;
  placeholder: string;
  autoFocus?: boolean;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <form
      role="search"
      className={block}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <SearchOutline className={`${block}__icon`} aria-hidden="true" />
      <input
        type="search"
        name="q"
        className={`${block}__input`}
        value={value}
        maxLength={maxLength}
        enterKeyHint="search"
        aria-label={label}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
        data-testid={testId}
      />
      {children}
    </form>
  );
}
