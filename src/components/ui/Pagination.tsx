/**
 * Page links: real hrefs (they work before JavaScript and can be opened in a new tab); with
 * `onNavigate`, a plain click is handled in place instead.
 */
import type { MouseEvent } from 'react';

interface Props {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  onNavigate?: (page: number) => void;
  label?: string;
}

function pagesAround(page: number, total: number): (number | 'gap')[] {
  const set = new Set([1, total, page - 1, page, page + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...set].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export default function Pagination({ page, totalPages, hrefFor, onNavigate, label = 'Pages' }: Props) {
  if (totalPages <= 1) return null;
  const go = (p: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onNavigate(p);
  };
  const link = 'inline-flex min-w-10 items-center justify-center rounded-full px-3 py-2 text-sm';
  return (
    <nav aria-label={label} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <a href={hrefFor(page - 1)} onClick={go(page - 1)} className={`${link} hover:bg-ivory`} rel="prev">
              Previous
            </a>
          ) : (
            <span className={`${link} text-muted`} aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {pagesAround(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={p}>
              <a
                href={hrefFor(p)}
                onClick={go(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
                className={`${link} ${p === page ? 'bg-primary text-white' : 'hover:bg-ivory'}`}
              >
                {p.toLocaleString('en-US')}
              </a>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <a href={hrefFor(page + 1)} onClick={go(page + 1)} className={`${link} hover:bg-ivory`} rel="next">
              Next
            </a>
          ) : (
            <span className={`${link} text-muted`} aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
