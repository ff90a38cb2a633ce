// A list's search box among its filters: the typed text is kept while typing, the filter changes on Enter (trimmed)
// and at once when the box is cleared. The redemptions queue, form submissions and certificates use it.
import { Input } from 'antd';
import { useState } from 'react';

interface Props {
  /** The filter's current text (the box starts with it). */
  value?: string;
  onSearch: (q: string | undefined) => void;
  placeholder: string;
  testId?: string;
}

export function FilterSearch({ value, onSearch, placeholder, testId }: Props) {
  const [text, setText] = useState(value ?? '');
  return (
    <Input.Search
      className="sf-res__search"
      allowClear
      placeholder={placeholder}
      aria-label={placeholder}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value) onSearch(undefined);
      }}
      onSearch={(q) => onSearch(q.trim() || undefined)}
      data-testid={testId}
    />
  );
}
