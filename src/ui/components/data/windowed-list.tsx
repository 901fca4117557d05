/**
 * A list of thousands of same-height rows that renders only what is in view (see window-math.ts). The
 * scroll container is focusable, so arrow keys, Page Up/Down and Home/End scroll it from the keyboard;
 * each row carries its position (aria-posinset/setsize) because most rows are not in the DOM.
 */
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { visibleRange } from './window-math.ts';
import './controls.css';

interface WindowedListProps<Item> {
  items: readonly Item[];
  rowHeight: number;
  getKey: (item: Item) => string;
  renderRow: (item: Item, index: number) => ReactNode;
  /** Extra ARIA for a row, e.g. its nesting level. */
  rowProps?: (item: Item) => Record<string, string | number | undefined>;
  label: string;
  className?: string;
  /** The scroll box's own style, e.g. a height that fits its rows. */
  style?: CSSProperties;
  overscan?: number;
}

export function WindowedList<Item>({ items, rowHeight, getKey, renderRow, rowProps, label, className, style, overscan }: WindowedListProps<Item>) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(0);
  const frame = useRef(0);

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    setViewportHeight(viewport.clientHeight);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => setViewportHeight(viewport.clientHeight));
    observer?.observe(viewport);
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, []);

  // One state update per frame however fast the scroll events come.
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(viewportRef.current?.scrollTop ?? 0));
  };

  // Before the first measurement, render a screenful anyway (e.g. tests, or a hidden parent).
  const { start, end } = visibleRange({ scrollTop, viewportHeight: viewportHeight || 800, rowHeight, count: items.length, overscan });
  const rows: ReactNode[] = [];
  for (let index = start; index < end; index++) {
    const item = items[index]!;
    rows.push(
      <div
        key={getKey(item)}
        role="listitem"
        className="windowed-row"
        style={{ top: index * rowHeight, height: rowHeight }}
        aria-posinset={index + 1}
        aria-setsize={items.length}
        {...rowProps?.(item)}
      >
        {renderRow(item, index)}
      </div>,
    );
  }

  return (
    <div ref={viewportRef} className={className ? `windowed-viewport ${className}` : 'windowed-viewport'} onScroll={onScroll} tabIndex={0} aria-label={label} role="region" style={style}>
      <div role="list" className="windowed-spacer" style={{ height: items.length * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
