import { formatAgo, formatFullDate, formatRelativeDate } from '../../format/index.ts';

interface RelativeDateProps {
  value: string | null | undefined;
  /** 'relative': 'Today at 3:04 PM' / 'Mar 4'; 'ago': '5m ago' / 'Mar 4, 2026' (SPEC §9). */
  variant?: 'relative' | 'ago';
  now?: Date;
}

/** A date in the SPEC §9 short form, with the full date in its title (hover) and a machine-readable value. */
export function RelativeDate({ value, variant = 'relative', now }: RelativeDateProps) {
  const text = variant === 'ago' ? formatAgo(value, now) : formatRelativeDate(value, now);
  if (!value) return <span>{text}</span>;
  return (
    <time dateTime={value} title={formatFullDate(value)} className="relative-date">
      {text}
    </time>
  );
}
