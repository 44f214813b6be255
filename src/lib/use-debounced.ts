import { useEffect, useRef, useState } from 'react';

/** The value once it has stopped changing for `delayMs`: one request per pause, not per key. */
export function useDebounced<T>(value: T, delayMs = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * A list's search box whose query lives in the URL (Back and shared links work). Typing reaches
 * the URL once it pauses for `delayMs` (`onCommit` with the trimmed text); a change of the URL
 * from elsewhere ("Clear filters", Back) puts its text in the box, while the URL catching up
 * with what was typed leaves the box alone (so a trailing space being typed survives).
 */
export function useSearchBox(
  urlText: string,
  onCommit: (text: string) => void,
  delayMs = 300,
): [string, (text: string) => void] {
  const [text, setText] = useState(urlText);
  const [seenUrlText, setSeenUrlText] = useState(urlText);
  const [sentText, setSentText] = useState(urlText);
  if (urlText !== seenUrlText) {
    setSeenUrlText(urlText);
    if (urlText !== sentText) {
      setSentText(urlText);
      setText(urlText);
    }
  }
  const latest = useRef({ urlText, onCommit });
  useEffect(() => {
    latest.current = { urlText, onCommit };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const settled = next.trim();
      if (settled === latest.current.urlText) return;
      setSentText(settled);
      latest.current.onCommit(settled);
    }, delayMs);
  };
  return [text, change];
}
