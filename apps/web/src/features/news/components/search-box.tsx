import { SearchOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { CONTENT_SEARCH_MAX } from '@xueba/contract';

/** A search field that reports its words once typing pauses (news and the help centre). */
export function SearchBox({ value, onSearch, placeholder, testId }: { value: string; onSearch: (q: string) => void; placeholder: string; testId: string }) {
  const [text, setText] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (text.trim() !== value) onSearch(text.trim());
    }, 300);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <label className="content-search">
      <SearchOutlined aria-hidden="true" />
      <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} aria-label={placeholder} maxLength={CONTENT_SEARCH_MAX} data-testid={testId} />
    </label>
  );
}
